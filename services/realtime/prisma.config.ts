import { defineConfig } from 'prisma/config';

// Generation only: migrations are the plain SQL files in ./migrations, applied at start-up.
export default defineConfig({ schema: 'prisma/schema.prisma' });
