/**
 * `npm run bench -w services/realtime`: the measured figures, printed against its targets
 * (not asserted). One realtime instance against the environment's PostgreSQL, NATS and Redis, in a
 * database and namespace of the run (the test harness's world).
 *
 * - BENCH_SOCKETS (5,000) authenticated sockets: memory in total and per socket (the client ends
 *   live in this process too, so the figures are an upper bound), and a chat message's arrival at
 *   every socket (p95 over BENCH_CHATS messages x sockets).
 * - Presence: the first 1,000 connections and how many online_users_changed pushes they caused (each
 *   socket also gets the whole list once, on connect), and the bytes of presence frames sent.
 * - A DM from its dm.message.created event until the recipient's socket has it, at 200/s. Over the
 *   bus; `npm run bench:dm` (bench/dm-http.ts) measures the whole path, HTTP through the gateway.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { SUBJECTS } from '@crucible/proto';
import { newEvent } from '@crucible/platform';
import WebSocket from 'ws';
import { WS_ACCEPTED_PROTOCOL, WS_AUTH_PROTOCOL_PREFIX } from '@crucible/proto';
import { createRealtimeWorld } from '../src/testing/realtime-harness.ts';

/**
 * A bare client end: the sockets live in this process with the server, so they parse nothing they
 * do not need (the tests' TestSocket validates every frame, which would bill its work to the server).
 */
class BenchSocket {
  private constructor(readonly socket: WebSocket) {}

  static open(url: string, token: string): Promise<BenchSocket> {
    const socket = new WebSocket(url, [
      WS_ACCEPTED_PROTOCOL,
      `${WS_AUTH_PROTOCOL_PREFIX}${Buffer.from(token).toString('base64url')}`,
    ]);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(new BenchSocket(socket)));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 5_000);
const CHATS = Number(process.env.BENCH_CHATS ?? 20);
const DM_RATE = Number(process.env.BENCH_DM_RATE ?? 200);
const DM_SECONDS = Number(process.env.BENCH_DM_SECONDS ?? 10);
const TARGETS = { chatP95Ms: 150, dmP95Ms: 40 };

const p95 = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length * 0.95)] ?? NaN;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const world = await createRealtimeWorld();
try {
  const instance = await world.startInstance({
    env: {
      REALTIME_PRESENCE_COALESCE_MS: '250',
      REALTIME_CHAT_MESSAGES_PER_10S: '1000',
      REALTIME_HEARTBEAT_MS: '30000',
    },
  });
  const members = [];
  for (let index = 0; index < SOCKETS; index += 1) members.push(await world.member());

  global.gc?.();
  const before = process.memoryUsage();
  const sockets: BenchSocket[] = [];
  let presenceBytes = 0;
  let countingPresence = true;
  const countPresence = (socket: BenchSocket) => {
    socket.socket.on('message', (data: Buffer) => {
      if (countingPresence && data.subarray(0, 40).toString().includes('online_users')) presenceBytes += data.length;
    });
    return socket;
  };
  const connectStarted = performance.now();
  let presenceAfterThousand = 0;
  let thousandSeconds = 0;
  for (let offset = 0; offset < members.length; offset += 100) {
    const batch = members.slice(offset, offset + 100);
    sockets.push(
      ...(await Promise.all(
        batch.map(async (member) => countPresence(await BenchSocket.open(instance.wsUrl, member.token))),
      )),
    );
    if (sockets.length === Math.min(1_000, SOCKETS)) {
      thousandSeconds = (performance.now() - connectStarted) / 1000;
      await sleep(500);
      presenceAfterThousand = instance.service.context.presence.updatesPushed;
      countingPresence = false;
    }
  }
  await sleep(1_000);
  global.gc?.();
  const after = process.memoryUsage();
  console.log(`sockets: ${sockets.length} open`);
  console.log(
    `memory: rss +${mb(after.rss - before.rss)} MB, heap +${mb(after.heapUsed - before.heapUsed)} MB; ` +
      `per socket ${((after.rss - before.rss) / sockets.length / 1024).toFixed(1)} KB rss (both ends in one process)`,
  );
  console.log(
    `presence: ${Math.min(1_000, SOCKETS)} members connected in ${thousandSeconds.toFixed(1)} s -> ` +
      `${presenceAfterThousand} coalesced online_users_changed pushes (one per arrival would be ${Math.min(1_000, SOCKETS)}); ` +
      `presence frames received by all sockets: ${mb(presenceBytes)} MB`,
  );

  // Chat fan-out: every socket's arrival time of each message.
  const chatLatencies: number[] = [];
  for (let round = 0; round < CHATS; round += 1) {
    const marker = `bench ${randomUUID()}`;
    const sentAt = performance.now();
    const arrivals = sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          const onMessage = (data: unknown) => {
            if (String(data).includes(marker)) {
              chatLatencies.push(performance.now() - sentAt);
              socket.socket.off('message', onMessage);
              resolve();
            }
          };
          socket.socket.on('message', onMessage);
        }),
    );
    sockets[round % sockets.length]!.send({ type: 'chat', content: marker });
    const missing = await Promise.race([
      Promise.all(arrivals).then(() => 0),
      sleep(10_000).then(() => sockets.length - chatLatencies.length + round * sockets.length),
    ]);
    if (missing) console.log(`chat round ${round}: ${missing} sockets had nothing after 10 s`);
  }
  const chatP95 = p95(chatLatencies);
  console.log(
    `chat to all ${sockets.length}: p95 ${chatP95.toFixed(1)} ms (target < ${TARGETS.chatP95Ms}) over ${chatLatencies.length} deliveries`,
  );

  // DMs at a fixed rate, event to the recipient's socket.
  const dmLatencies: number[] = [];
  const sentAt = new Map<string, number>();
  const pairs = Math.min(200, members.length);
  for (const socket of sockets.slice(0, pairs)) {
    socket.socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; message?: { id: string } };
      const started = message.type === 'direct_message' ? sentAt.get(message.message!.id) : undefined;
      if (started !== undefined) dmLatencies.push(performance.now() - started);
    });
  }
  const total = DM_RATE * DM_SECONDS;
  const dmStarted = performance.now();
  for (let index = 0; index < total; index += 1) {
    const due = dmStarted + (index * 1000) / DM_RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const recipient = members[index % pairs]!;
    const sender = members[(index + 1) % pairs]!;
    const id = randomUUID();
    sentAt.set(id, performance.now());
    void instance.bus.publish(
      newEvent(SUBJECTS.dmMessageCreated, {
        id,
        content: 'bench',
        senderId: sender.id,
        recipientId: recipient.id,
        createdAt: new Date().toISOString(),
        messageSizeBytes: 5,
      }),
    );
  }
  await sleep(3_000);
  // Each DM reaches the recipient and the sender's socket; the first arrival per id is the recipient's or sender's, both count.
  console.log(
    `DM event to socket at ${DM_RATE}/s: p95 ${p95(dmLatencies).toFixed(1)} ms (target < ${TARGETS.dmP95Ms}) over ${dmLatencies.length} deliveries of ${total} DMs`,
  );
  await Promise.all(sockets.map((socket) => socket.close()));
} finally {
  await world.stop();
}
