// Shared by the k6 scripts in this folder: environment, sign-in, headers and the /ws handshake.
import { fail } from 'k6';
import encoding from 'k6/encoding';
import http from 'k6/http';

export const BASE_URL = (__ENV.BASE_URL ?? '').replace(/\/$/, '');
/** ws(s)://host/ws for the gateway at BASE_URL. */
export const WS_URL = `${BASE_URL.replace(/^http/, 'ws')}/ws`;

export interface Member {
  token: string;
  userId: string;
}

/** A positive integer from the environment, or `fallback`. */
export function intEnv(name: string, fallback: number): number {
  const raw = __ENV[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) fail(`${name} must be a positive integer, got ${raw}`);
  return value;
}

export function requireEnv(...names: string[]): void {
  if (!BASE_URL) fail('set BASE_URL to the gateway, e.g. http://localhost:5000 (see deploy/k6/README.md)');
  for (const name of names) if (!__ENV[name]) fail(`set ${name} (see deploy/k6/README.md)`);
}

/** The member id is the access token's subject. */
function subjectOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(encoding.b64decode(payload, 'rawurl', 's')) as { sub: string }).sub;
}

/** Signs in account n of EMAIL (`{n}` replaced), with PASSWORD; fails the run if it cannot. */
export function signIn(n: number): Member {
  const email = (__ENV.EMAIL ?? '').replace('{n}', String(n));
  const response = http.post(`${BASE_URL}/api/auth/signin`, JSON.stringify({ email, password: __ENV.PASSWORD }), {
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    tags: { name: 'signin' },
  });
  if (response.status !== 200) fail(`sign-in of ${email} answered ${response.status}: ${String(response.body)}`);
  const token = response.json('token') as string;
  return { token, userId: subjectOf(token) };
}

/** Signs in accounts 1..count once, in setup(); VUs share the tokens. */
export function signInAccounts(count: number): Member[] {
  return Array.from({ length: count }, (_, i) => signIn(i + 1));
}

export function authHeaders(member: Member, json = false): Record<string, string> {
  return {
    Authorization: `Bearer ${member.token}`,
    Accept: 'application/json',
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

/**
 * The socket offers the protocol marker `crucible.v1` (the server selects it) and authenticates with
 * the subprotocol `auth.<base64url token>` (proto/src/realtime.ts).
 */
export function socketParams(member: Member): { headers: Record<string, string> } {
  return {
    headers: {
      'Sec-WebSocket-Protocol': `crucible.v1, auth.${encoding.b64encode(member.token, 'rawurl')}`,
      Origin: BASE_URL,
    },
  };
}

/** The member this VU plays, spreading VUs over the signed-in accounts. */
export function memberFor(members: Member[], offset = 0): Member {
  return members[(__VU + offset) % members.length]!;
}
