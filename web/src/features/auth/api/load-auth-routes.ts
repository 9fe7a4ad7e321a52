/**
 * The auth contracts, fetched at the first call: their schemas bring zod (~25 kB gzip), which the
 * signed-out screens otherwise do without (the sign-in page's weight budget).
 */
export async function loadAuthRoutes() {
  return (await import('./auth-contract.ts')).authRoutes;
}
