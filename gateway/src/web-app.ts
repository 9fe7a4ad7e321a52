import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';

const HASHED_ASSET = /\/assets\//;

/**
 * The built web app: hashed assets cached for a year, everything else revalidated, and index.html
 * for any other GET so client routes (/forums, /profile/...) load the app.
 */
export function serveWebApp(router: Router, distDir: string): boolean {
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return false;
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res, path) =>
        res.setHeader('Cache-Control', HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache'),
    }),
  );
  router.get(/^(?!\/api\/|\/ws$).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return true;
}
