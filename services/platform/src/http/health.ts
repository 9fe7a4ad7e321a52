import type { RequestHandler } from 'express';

/** A dependency /readyz checks; `check` resolves true when usable. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<boolean>;
}

const CHECK_TIMEOUT_MS = 2000;

async function runCheck({ name, check }: ReadinessCheck): Promise<[string, boolean]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return [name, await Promise.race([check().catch(() => false), timeout])];
  } finally {
    clearTimeout(timer);
  }
}

export const livenessHandler: RequestHandler = (_req, res) => {
  res.json({ status: 'ok' });
};

export function readinessHandler(checks: () => ReadinessCheck[]): RequestHandler {
  return async (_req, res) => {
    const results = Object.fromEntries(await Promise.all(checks().map(runCheck)));
    const ready = Object.values(results).every(Boolean);
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not ready', checks: results });
  };
}
