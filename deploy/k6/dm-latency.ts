// Direct-message delivery latency: from the sender's POST /api/direct-messages being sent to the
// recipient's /ws socket receiving the `direct_message` push (custom Trend dm_delivery_ms).
// Targets: delivery p95 < 40 ms, sends p95 < 100 ms, fewer than 1 % failures. Each iteration opens
// the recipient's socket, sends SENDS messages one after another and times each push.
//
//   k6 run -e BASE_URL=... -e EMAIL=load{n}@example.com -e PASSWORD=... -e ACCOUNTS=20 \
//          -e RATE=5 -e SENDS=5 deploy/k6/dm-latency.ts
//
// ACCOUNTS must be even: account 2k-1 writes to account 2k. DM quotas count what is sent: use
// throw-away accounts. Run k6 close to the cluster: the figure includes the network twice.
import { check } from 'k6';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import ws from 'k6/ws';
import { BASE_URL, WS_URL, authHeaders, intEnv, requireEnv, signInAccounts, socketParams, type Member } from './lib.ts';

const delivery = new Trend('dm_delivery_ms', true);
const undelivered = new Counter('dm_undelivered');
const SENDS = intEnv('SENDS', 5);
const DELIVERY_TIMEOUT_MS = 5000;

export const options: Options = {
  scenarios: {
    dm: {
      executor: 'constant-arrival-rate',
      rate: intEnv('RATE', 5),
      timeUnit: '1s',
      duration: __ENV.DURATION ?? '2m',
      preAllocatedVUs: 20,
      maxVUs: 200,
    },
  },
  thresholds: {
    dm_delivery_ms: ['p(95)<40'],
    dm_undelivered: ['count<1'],
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:dm-send}': ['p(95)<100'],
    checks: ['rate>0.99'],
  },
};

export function setup(): { members: Member[] } {
  requireEnv('EMAIL', 'PASSWORD');
  const accounts = intEnv('ACCOUNTS', 2);
  if (accounts % 2 !== 0) throw new Error('ACCOUNTS must be even (pairs of sender and recipient)');
  return { members: signInAccounts(accounts) };
}

export default function dmLatency(data: { members: Member[] }): void {
  const pair = __VU % (data.members.length / 2);
  const sender = data.members[2 * pair]!;
  const recipient = data.members[2 * pair + 1]!;
  const sentAt = new Map<string, number>();
  let sent = 0;

  const send = () => {
    const content = `k6 ${__VU}-${__ITER}-${sent} ${Date.now()}`;
    sentAt.set(content, Date.now());
    sent += 1;
    const response = http.post(
      `${BASE_URL}/api/direct-messages`,
      JSON.stringify({ recipientId: recipient.userId, content }),
      { headers: authHeaders(sender, true), tags: { name: 'dm-send' } },
    );
    check(response, { 'message sent': (r) => r.status === 201 });
  };

  const result = ws.connect(WS_URL, socketParams(recipient), (socket) => {
    socket.on('open', send);
    socket.on('message', (raw) => {
      const message = JSON.parse(raw) as { type: string; message?: { content: string } };
      if (message.type !== 'direct_message' || !message.message) return;
      const startedAt = sentAt.get(message.message.content);
      if (startedAt === undefined) return;
      delivery.add(Date.now() - startedAt);
      sentAt.delete(message.message.content);
      if (sent < SENDS) send();
      else socket.close();
    });
    socket.setTimeout(() => socket.close(), DELIVERY_TIMEOUT_MS * SENDS);
  });
  check(result, { 'socket opened (101)': (r) => r !== null && r.status === 101 });
  undelivered.add(sentAt.size);
}
