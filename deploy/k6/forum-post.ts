// Forum posting at a constant arrival rate: new discussions and replies to them, as members.
// Targets: posting p95 < 150 ms, fewer than 1 % failures. Posting is rate-limited per member:
// spread it over enough ACCOUNTS (or raise the forum's limits on the target for the run).
//
//   k6 run -e BASE_URL=... -e EMAIL=load{n}@example.com -e PASSWORD=... -e ACCOUNTS=50 \
//          -e RATE=20 -e DURATION=2m deploy/k6/forum-post.ts
//
// CATEGORY (default Apprentice) is the forum category the discussions go to; the accounts' level
// must allow posting there. Creates real content: run it against a load-test deployment.
import { check } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';
import { BASE_URL, authHeaders, intEnv, memberFor, requireEnv, signInAccounts, type Member } from './lib.ts';

export const options: Options = {
  scenarios: {
    post: {
      executor: 'constant-arrival-rate',
      rate: intEnv('RATE', 10),
      timeUnit: '1s',
      duration: __ENV.DURATION ?? '2m',
      preAllocatedVUs: 20,
      maxVUs: 200,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{kind:forum-write}': ['p(95)<150'],
    checks: ['rate>0.99'],
  },
};

export function setup(): { members: Member[] } {
  requireEnv('EMAIL', 'PASSWORD');
  return { members: signInAccounts(intEnv('ACCOUNTS', 10)) };
}

/** One in five iterations starts a discussion; the others reply to the newest one. */
export default function post(data: { members: Member[] }): void {
  const member = memberFor(data.members, __ITER);
  const headers = authHeaders(member, true);
  if (__ITER % 5 === 0) {
    const created = http.post(
      `${BASE_URL}/api/discussions`,
      JSON.stringify({
        title: `Load test ${__VU}-${__ITER}`,
        content: 'A discussion started by deploy/k6/forum-post.ts.',
        category: __ENV.CATEGORY ?? 'Apprentice',
      }),
      { headers, tags: { kind: 'forum-write', name: 'create-discussion' } },
    );
    check(created, { 'discussion created': (r) => r.status === 201 });
    return;
  }
  const newest = http.get(`${BASE_URL}/api/discussions?limit=1`, { headers, tags: { name: 'newest' } });
  const id = (newest.json() as { id: string }[])[0]?.id;
  if (!check(newest, { 'a discussion exists': () => id !== undefined })) return;
  const reply = http.post(
    `${BASE_URL}/api/discussions/${id}/replies`,
    JSON.stringify({ content: `Reply ${__VU}-${__ITER} from deploy/k6/forum-post.ts.` }),
    { headers, tags: { kind: 'forum-write', name: 'reply' } },
  );
  check(reply, { 'reply created': (r) => r.status === 201 });
}
