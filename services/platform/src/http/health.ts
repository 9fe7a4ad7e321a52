import type { RequestHandler } from 'express';
import { dependencyUp } from '../metrics/domain-metrics.ts';

/** A dependency /readyz checks; `check` resolves true when usable. */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<boolean>;
  /**
   * The process serves without it (from its own state, an outbox, a memory fallback): while it fails
   * the process stays ready and says 'degraded', so a cluster does not take every pod out at once.
   */
  optional?: boolean;
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

/**
 * 200 'ready' when every check passes, 200 'degraded' (naming what failed) when only optional ones
 * fail, 503 'not ready' when a required one fails. Each outcome is also the `service`'s
 * crucible_dependency_up gauge, so a degraded process shows on the dashboards while it stays in service.
 */
export function readinessHandler(checks: () => ReadinessCheck[], service = 'process'): RequestHandler {
  return async (_req, res) => {
    const listed = checks();
    const outcomes = await Promise.all(listed.map(runCheck));
    listed.forEach((check, index) =>
      dependencyUp.set(
        { service, dependency: check.name, optional: String(Boolean(check.optional)) },
        outcomes[index]![1] ? 1 : 0,
      ),
    );
    const failed = listed.filter((_, index) => !outcomes[index]![1]);
    const ready = failed.every((check) => check.optional);
    const status = !ready ? 'not ready' : failed.length > 0 ? 'degraded' : 'ready';
    const degraded = failed.filter((check) => check.optional).map((check) => check.name);
    res
      .status(ready ? 200 : 503)
      .json({ status, checks: Object.fromEntries(outcomes), ...(degraded.length ? { degraded } : {}) });
  };
}
