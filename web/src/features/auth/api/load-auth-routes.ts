/**
 * The auth contracts, fetched at the first call: their schemas bring zod (~25 kB gzip), which the
 * signed-out screens otherwise do without (issue 17's weight budget for the sign-in page).
 */
export async function loadAuthRoutes() {
  return (await import('./auth-contract.ts')).authRoutes;
}
