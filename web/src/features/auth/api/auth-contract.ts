/** Loaded on demand by load-auth-routes.ts, so this import (and zod with it) is a chunk of its own. */
export { authRoutes } from '@crucible/proto';
