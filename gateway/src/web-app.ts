import { existsSync, readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import express, { type Request, type Response, type Router } from 'express';

const HASHED_ASSET = /\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The build's compressed copies, best first (web/scripts/vite-precompress.ts writes them). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number]['name'];

/** URL path (`/assets/x.js`) -> the encodings the build wrote a copy in. */
function compressedCopies(distDir: string): Map<string, Encoding[]> {
  const files = new Set(
    readdirSync(distDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name)),
  );
  const copies = new Map<string, Encoding[]>();
  for (const file of files) {
    const encodings = ENCODINGS.filter(({ suffix }) => files.has(file + suffix)).map(({ name }) => name);
    if (encodings.length) copies.set(`/${relative(distDir, file).split(sep).join('/')}`, encodings);
  }
  return copies;
}

/**
 * The best of `available` the Accept-Encoding header takes (q > 0), brotli first. Not `req.acceptsEncodings`:
 * on equal weights it follows the header's order, and browsers list gzip before br.
 */
function chooseEncoding(header: string | undefined, available: Encoding[]): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  return available.find((encoding) => (weights.get(encoding) ?? weights.get('*') ?? 0) > 0);
}

const cacheControlOf = (urlPath: string) => (HASHED_ASSET.test(urlPath) ? IMMUTABLE : 'no-cache');

/**
 * The built web app: hashed assets cached for a year, everything else revalidated, and index.html
 * for any other GET so client routes (/forums, /profile/...) load the app. A file the build wrote
 * compressed copies of is sent as the best copy the client accepts (brotli, then gzip), with
 * `Vary: Accept-Encoding` whichever copy is sent so caches keep them apart.
 */
export function serveWebApp(router: Router, distDir: string): boolean {
  const indexHtml = join(distDir, 'index.html');
  if (!existsSync(indexHtml)) return false;
  const copies = compressedCopies(distDir);

  /** Sends `urlPath` (a file of the build) in the best encoding the client takes; false when it has no copies. */
  const sendBest = (req: Request, res: Response, urlPath: string, next: (error?: unknown) => void): boolean => {
    const encodings = copies.get(urlPath);
    if (!encodings) return false;
    res.vary('Accept-Encoding');
    const encoding = chooseEncoding(req.headers['accept-encoding'], encodings);
    const file = join(distDir, urlPath);
    const headers = { 'Cache-Control': cacheControlOf(urlPath) };
    if (!encoding) {
      res.sendFile(file, { headers, cacheControl: false, dotfiles: 'deny' }, (error) => error && next(error));
      return true;
    }
    // The copy's own extension (.br, .gz) must not pick the type: it is the original file's.
    res.type(extname(urlPath));
    res.sendFile(
      file + ENCODINGS.find(({ name }) => name === encoding)!.suffix,
      { headers: { ...headers, 'Content-Encoding': encoding }, cacheControl: false, dotfiles: 'deny' },
      (error) => error && next(error),
    );
    return true;
  };

  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (!sendBest(req, res, req.path, next)) next();
  });
  router.use(
    express.static(distDir, {
      index: false,
      setHeaders: (res, path) => res.setHeader('Cache-Control', HASHED_ASSET.test(path) ? IMMUTABLE : 'no-cache'),
    }),
  );
  router.get(/^(?!\/api\/|\/ws$).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    if (sendBest(req, res, '/index.html', next)) return;
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
  return true;
}
