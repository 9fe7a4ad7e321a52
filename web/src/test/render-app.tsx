import type { CurrentUser } from '@crucible/proto';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers.tsx';
import { appRoutes } from '../app/routes.tsx';
import { createQueryClient } from '../lib/query-client.ts';

/** The whole app (providers, routes, layout) at a path, in memory. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

export function aMember(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    profileImageUrl: null,
    accessLevel: 'Apprentice',
    isAdmin: false,
    isModerator: false,
    emailVerified: true,
    authProvider: 'email',
    ...overrides,
  };
}
