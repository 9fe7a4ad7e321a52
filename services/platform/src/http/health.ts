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

/**
 * A service's own /readyz as one check of another's: in one-process mode the gateway's readiness
 * covers the services the process runs, since a pod is the whole product there.
 */
export function serviceReadiness(name: string, baseUrl: string): ReadinessCheck {
  return {
    name,
    check: async () => {
      const response = await fetch(new URL('/readyz', baseUrl), { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
      await response.body?.cancel();
      return response.ok;
    },
  };
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
