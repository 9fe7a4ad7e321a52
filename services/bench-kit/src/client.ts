import { randomBytes } from 'node:crypto';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export const HOST = '127.0.0.1';

export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface RequestSpec {
  port: number;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  agent?: Agent | false;
  timeoutMs?: number;
}

/** One HTTP request to 127.0.0.1; rejects on network errors and after `timeoutMs` (default 10 s). */
export function send(spec: RequestSpec): Promise<Reply> {
  const body = spec.json === undefined ? undefined : JSON.stringify(spec.json);
  const headers: Record<string, string> = { ...spec.headers };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest(
      {
        host: HOST,
        port: spec.port,
        path: spec.path,
        method: spec.method ?? (body ? 'POST' : 'GET'),
        headers,
        agent: spec.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(spec.timeoutMs ?? 10_000, () =>
      req.destroy(new Error(`timed out: ${spec.method ?? 'GET'} ${spec.path} on :${spec.port}`)),
    );
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * A client address nobody else uses (IPv6 documentation prefix), sent as X-Forwarded-For, which the
 * services trust from loopback. Rate-limit counters live in the shared Redis keyed by client
 * address: with 127.0.0.1 the benchmark would both inherit other runs' counts and lock every other
 * local client (tests, other engineers' products) out of sign-in for the 15-minute window.
 */
export function uniqueClientIp(): string {
  const groups = randomBytes(8).toString('hex').match(/.{4}/g)!;
  return `2001:db8:${groups.join(':')}`;
}

export function uniqueEmail(label: string, runTag: string): string {
  return `${label}.${runTag}.${randomBytes(3).toString('hex')}@bench.crucible.test`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
