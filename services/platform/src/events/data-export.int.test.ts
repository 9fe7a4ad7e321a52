/**
 * A member's data export part over the real broker: a part far larger than NATS's largest message
 * (1 MB) arrives whole, in pages, with the member's files, where one reply of it is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_EXPORT_PARTS, type DataExportFile, type DataExportPart } from '@crucible/proto';
import { deleteNamespaceStreams, uniqueNamespace } from '@crucible/test-kit';
import { answerDataExportRequests, dataExportPage, requestDataExportPart } from './data-export.ts';
import type { EventBus } from './event-bus.ts';
import { createNatsEventBus } from './nats-event-bus.ts';
import { NATS_URL, silentLogger } from './test-support.ts';

const USER_ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const subject = DATA_EXPORT_PARTS.dm.subject;
const namespace = uniqueNamespace('data-export-it');
let bus: EventBus;

beforeAll(async () => {
  bus = await createNatsEventBus({ url: NATS_URL, name: 'data-export-test', namespace, logger: silentLogger });
});

afterAll(async () => {
  await bus?.close();
  await deleteNamespaceStreams(namespace);
});

/** About 3 MB of messages, each different, and a record section. */
function largePart(): DataExportPart {
  const messages = Array.from({ length: 3000 }, (_, index) => ({
    id: index,
    content: `${index}:`.padEnd(1000, String.fromCharCode(97 + (index % 26))),
  }));
  return { messages, empty: [], settings: { quota: 500, theme: 'dark' } };
}

const files: DataExportFile[] = Array.from({ length: 5 }, (_, index) => ({
  name: `${index}-photo.png`,
  blobKey: `attachments/${index}`,
}));

describe('a data export part over NATS', () => {
  it('arrives whole, in pages, when it is larger than the largest message the broker takes', async () => {
    const part = largePart();
    expect(Buffer.byteLength(JSON.stringify(part))).toBeGreaterThan(2 * 1024 * 1024);
    let asked = 0;
    const answering = await answerDataExportRequests(
      bus,
      subject,
      async (userId) => {
        asked += 1;
        expect(userId).toBe(USER_ID);
        return part;
      },
      { files: async () => files },
    );
    try {
      const gathered = await requestDataExportPart(bus, subject, USER_ID, { timeoutMs: 10_000 });
      expect(gathered.part).toEqual(part);
      expect(gathered.files).toEqual(files);
      expect(asked).toBeGreaterThanOrEqual(6);
    } finally {
      await answering.stop();
    }
  });

  it('is refused by the broker as one reply of that size', async () => {
    const answering = await bus.reply(`${subject}.whole`, async () => largePart());
    try {
      await expect(bus.request(`${subject}.whole`, { userId: USER_ID }, { timeoutMs: 5_000 })).rejects.toThrow();
    } finally {
      await answering.stop();
    }
  });
});

describe('a page', () => {
  it('keeps within its size, moves on by at least one item, and names every list on the first page', () => {
    const part = { rows: ['a'.repeat(300), 'b'.repeat(300), 'c'.repeat(300)], none: [], whole: { x: 1 } };
    const first = dataExportPage(part, [], 0, 400);
    expect(first).toEqual({ part: { rows: ['a'.repeat(300)], none: [] }, files: [], next: '1' });
    const oversized = dataExportPage({ rows: ['z'.repeat(1000)] }, [], 0, 400);
    expect(oversized).toEqual({ part: { rows: ['z'.repeat(1000)] }, files: [], next: null });
    const last = dataExportPage(part, files.slice(0, 1), 3, 400);
    expect(last).toEqual({ part: { whole: { x: 1 } }, files: files.slice(0, 1), next: null });
  });
});
