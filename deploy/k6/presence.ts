// Presence bursts: many members open /ws at once and announce themselves (`user_online`); each
// socket times its first `online_users_update` (custom Trend presence_update_ms). Bursts of
// BURST connections every PERIOD, held for HOLD seconds. Targets: connect p95 < 200 ms, first
// presence update p95 < 250 ms, fewer than 1 % failed handshakes.
//
//   k6 run -e BASE_URL=... -e EMAIL=load{n}@example.com -e PASSWORD=... -e ACCOUNTS=100 \
//          -e BURST=200 -e HOLD=20 deploy/k6/presence.ts
//
// Realtime coalesces presence pushes (REALTIME_PRESENCE_COALESCE_MS), so the update time includes
// that window by design.
import { check } from 'k6';
import { Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import ws from 'k6/ws';
import { WS_URL, intEnv, memberFor, requireEnv, signInAccounts, socketParams, type Member } from './lib.ts';

const presenceUpdate = new Trend('presence_update_ms', true);
const handshakeFailed = new Rate('ws_handshake_failed');
const HOLD_MS = intEnv('HOLD', 20) * 1000;

export const options: Options = {
  scenarios: {
    bursts: {
      executor: 'ramping-arrival-rate',
      startRate: 0,
      timeUnit: '1s',
      preAllocatedVUs: 100,
      maxVUs: intEnv('BURST', 100) * 2,
      stages: [
        { target: intEnv('BURST', 100), duration: '5s' },
        { target: intEnv('BURST', 100), duration: '5s' },
        { target: 0, duration: '5s' },
        { target: 0, duration: '10s' },
        { target: intEnv('BURST', 100), duration: '5s' },
        { target: 0, duration: '5s' },
      ],
    },
  },
  thresholds: {
    ws_connecting: ['p(95)<200'],
    presence_update_ms: ['p(95)<250'],
    ws_handshake_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
  },
};

export function setup(): { members: Member[] } {
  requireEnv('EMAIL', 'PASSWORD');
  return { members: signInAccounts(intEnv('ACCOUNTS', 10)) };
}

export default function burst(data: { members: Member[] }): void {
  const member = memberFor(data.members, __ITER);
  let openedAt = 0;
  let updated = false;
  const result = ws.connect(WS_URL, socketParams(member), (socket) => {
    socket.on('open', () => {
      openedAt = Date.now();
      socket.send(JSON.stringify({ type: 'user_online' }));
    });
    socket.on('message', (raw) => {
      if (updated || (JSON.parse(raw) as { type: string }).type !== 'online_users_update') return;
      updated = true;
      presenceUpdate.add(Date.now() - openedAt);
    });
    socket.setTimeout(() => socket.close(), HOLD_MS);
  });
  const opened = result !== null && result.status === 101;
  handshakeFailed.add(!opened);
  check(updated, { 'got an online_users_update': (value) => value });
}
