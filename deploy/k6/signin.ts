// Sign-in load test for a deployed cluster (k6 >= 0.57 runs TypeScript directly; types: @types/k6).
// Not run on the development machines (no k6 binary there: `npm run bench` measures locally with Node load generators).
//
//   k6 run -e BASE_URL=https://crucible.example.com -e EMAIL=load{n}@example.com \
//          -e PASSWORD=... -e ACCOUNTS=200 deploy/k6/signin.ts
//
// BASE_URL  the gateway (with `skaffold dev`: http://localhost:5000)
// EMAIL     the account to sign in as; `{n}` is replaced by 1..ACCOUNTS, one account per request in turn
// PASSWORD  the password of every such account
// ACCOUNTS  how many accounts EMAIL names (default 1)
// RATE      sign-ins per second (default 20), DURATION (default 1m)
//
// Sign-in is rate-limited per IP and per account (RATE_LIMIT_SIGNIN_PER_IP / _PER_ACCOUNT on the auth
// service, per 15 minutes by default). A load generator is one IP: raise those limits on the target for
// the run, and spread the load over enough accounts, or the run measures 429s.
import http from 'k6/http';
import { check, fail } from 'k6';
import type { Options } from 'k6/options';

const BASE_URL = (__ENV.BASE_URL ?? '').replace(/\/$/, '');
const EMAIL = __ENV.EMAIL ?? '';
const PASSWORD = __ENV.PASSWORD ?? '';
const ACCOUNTS = Number(__ENV.ACCOUNTS ?? '1');

export const options: Options = {
  scenarios: {
    signin: {
      executor: 'constant-arrival-rate',
      rate: Number(__ENV.RATE ?? '20'),
      timeUnit: '1s',
      duration: __ENV.DURATION ?? '1m',
      preAllocatedVUs: 20,
      maxVUs: 200,
    },
  },
  thresholds: {
    'http_req_duration{name:signin}': ['p(95)<200'],
    'http_req_failed{name:signin}': ['rate<0.01'],
    checks: ['rate>0.99'],
  },
};

export function setup(): void {
  if (!BASE_URL || !EMAIL || !PASSWORD)
    fail('set BASE_URL, EMAIL and PASSWORD (see the header of deploy/k6/signin.ts)');
  if (!Number.isInteger(ACCOUNTS) || ACCOUNTS < 1) fail(`ACCOUNTS must be a positive integer, got ${__ENV.ACCOUNTS}`);
}

export default function signIn(): void {
  const n = ((__VU * 100_003 + __ITER) % ACCOUNTS) + 1;
  const email = EMAIL.replace('{n}', String(n));
  const response = http.post(`${BASE_URL}/api/auth/signin`, JSON.stringify({ email, password: PASSWORD }), {
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    tags: { name: 'signin' },
  });
  check(response, {
    'status is 200': (r) => r.status === 200,
    'body has a token': (r) => {
      try {
        const token = r.json('token');
        return typeof token === 'string' && token.length > 0;
      } catch {
        return false;
      }
    },
  });
}
