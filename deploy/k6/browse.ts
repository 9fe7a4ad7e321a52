// Browsing the forum at a constant arrival rate: the discussion list, one discussion, its replies
// and the topics, as signed-in members. Target: forum reads p95 < 25 ms (measured at the gateway's
// client, so run k6 inside or next to the cluster), fewer than 1 % failures.
//
//   k6 run -e BASE_URL=https://crucible.example.com -e EMAIL=load{n}@example.com -e PASSWORD=... \
//          -e ACCOUNTS=20 -e RATE=200 -e DURATION=5m deploy/k6/browse.ts
//
// The forum needs some discussions first (npm run seed, or forum-post.ts).
import { check, fail } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';
import { BASE_URL, authHeaders, intEnv, memberFor, requireEnv, signInAccounts, type Member } from './lib.ts';

export const options: Options = {
  scenarios: {
    browse: {
      executor: 'constant-arrival-rate',
      rate: intEnv('RATE', 100),
      timeUnit: '1s',
      duration: __ENV.DURATION ?? '2m',
      preAllocatedVUs: 50,
      maxVUs: 500,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{kind:forum-read}': ['p(95)<25'],
    checks: ['rate>0.99'],
  },
};

interface Data {
  members: Member[];
  discussionIds: string[];
}

export function setup(): Data {
  requireEnv('EMAIL', 'PASSWORD');
  const members = signInAccounts(intEnv('ACCOUNTS', 5));
  const list = http.get(`${BASE_URL}/api/discussions?limit=50`, { headers: authHeaders(members[0]!) });
  const discussionIds = (list.json() as { id: string }[]).map((discussion) => discussion.id);
  if (discussionIds.length === 0) fail('no discussions to read: seed the forum first (deploy/k6/README.md)');
  return { members, discussionIds };
}

export default function browse(data: Data): void {
  const member = memberFor(data.members);
  const headers = authHeaders(member);
  const id = data.discussionIds[Math.floor(Math.random() * data.discussionIds.length)]!;
  const responses = http.batch([
    ['GET', `${BASE_URL}/api/discussions?limit=20`, null, { headers, tags: { kind: 'forum-read', name: 'list' } }],
    ['GET', `${BASE_URL}/api/discussions/${id}`, null, { headers, tags: { kind: 'forum-read', name: 'discussion' } }],
    [
      'GET',
      `${BASE_URL}/api/discussions/${id}/replies?limit=20`,
      null,
      { headers, tags: { kind: 'forum-read', name: 'replies' } },
    ],
    ['GET', `${BASE_URL}/api/subcategories`, null, { headers, tags: { kind: 'forum-read', name: 'topics' } }],
  ]);
  for (const response of responses) check(response, { 'status is 200': (r) => r.status === 200 });
}
