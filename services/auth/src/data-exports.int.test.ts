/**
 * Auth's side of a member's data export, with the other services' answers given here on the bus (the
 * whole export through every service is services/launcher/src/data-export.int.test.ts): an export
 * whose parts nobody answers fails for the member to start again, the daily limit, and the bytes of
 * uploaded files and a part larger than the broker's largest message in the zip.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DATA_EXPORT_MESSAGES,
  DATA_EXPORT_PARTS,
  DATA_EXPORTS_PER_DAY,
  type DataExportFile,
  type DataExportPart,
  type DataExportService,
  dataExportRoutes as routes,
} from '@crucible/proto';
import { answerDataExportRequests, connectBlobStore, type Subscription } from '@crucible/platform';
import { callsWith, type TestCall } from '@crucible/test-kit';
import { startAuthHarness, type AuthHarness } from './testing/auth-harness.ts';

let auth: AuthHarness;
let call: TestCall;

beforeAll(async () => {
  auth = await startAuthHarness();
  call = callsWith(auth.request);
});

afterAll(async () => {
  await auth?.stop();
});

it('fails an export when a service never gives its part, and says to start a new one', async () => {
  const member = await auth.signUp();
  const { id } = await call(routes.startDataExport, { token: member.token });
  await vi.waitFor(
    async () => {
      // Auth's own part is gathered; the first service asked (no one answers here) fails it.
      expect(await call(routes.getDataExport, { params: { id }, token: member.token })).toMatchObject({
        status: 'failed',
        partsDone: 1,
        error: DATA_EXPORT_MESSAGES.failed,
      });
    },
    { timeout: 20_000, interval: 200 },
  );
  const link = await call(routes.dataExportDownloadLink, { params: { id }, token: member.token, expect: 409 });
  expect(link).toMatchObject({ message: DATA_EXPORT_MESSAGES.failed });
});

it(`refuses a ${DATA_EXPORTS_PER_DAY + 1}th export within a day, saying when to come back`, async () => {
  const member = await auth.signUp();
  for (let index = 0; index < DATA_EXPORTS_PER_DAY; index++) {
    await auth.sql(
      `INSERT INTO data_exports (id, user_id, status, parts_total) VALUES (gen_random_uuid(), $1, 'failed', 6)`,
      [member.id],
    );
  }
  // Raw: the answer's Retry-After header is read, which a call does not return.
  const refused = await auth.request('/api/auth/data-exports', { method: 'POST', token: member.token });
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ message: DATA_EXPORT_MESSAGES.tooMany });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
});

it("answers another member's export as not found, and an id that is not one as the same", async () => {
  const owner = await auth.signUp();
  const other = await auth.signUp();
  const { id } = await call(routes.startDataExport, { token: owner.token });
  for (const exportId of [id, 'not-an-id']) {
    const refused = await call(routes.getDataExport, { params: { id: exportId }, token: other.token, expect: 404 });
    expect(refused).toMatchObject({ message: DATA_EXPORT_MESSAGES.notFound });
  }
});

describe('a member with uploaded files and a part larger than the broker’s largest message', () => {
  let answering: Subscription[] = [];

  afterAll(async () => {
    await Promise.all(answering.map((subscription) => subscription.stop()));
  });

  it('puts the files’ bytes under files/ and the whole large part in the zip', async () => {
    const member = await auth.signUp();
    // Another service's handle on the blob store auth shares (one machine: the same data folder).
    const { store } = await connectBlobStore(auth.config);
    const picture = randomBytes(70_000);
    const document = Buffer.from('%PDF-1.7 the member’s own document');
    const pictureKey = `profile-pictures/${member.id}/${randomUUID()}.png`;
    const documentKey = `attachments/${randomUUID()}`;
    await store.write(pictureKey, picture, { contentType: 'image/png', size: picture.length });
    await store.write(documentKey, document, { contentType: 'application/pdf', size: document.length });
    // Direct messages worth about 3 MB: NATS takes at most 1 MB in one message.
    const messages = Array.from({ length: 3000 }, (_, index) => ({
      id: index,
      content: `${index} `.padEnd(1000, 'm'),
    }));

    const answers: Record<Exclude<DataExportService, 'auth'>, { part: DataExportPart; files?: DataExportFile[] }> = {
      profile: { part: { profile: [{ user_id: member.id }] }, files: [{ name: 'picture.png', blobKey: pictureKey }] },
      forum: {
        part: { uploadedFiles: [{ id: 'a1' }] },
        // A name that tries to leave the folder stays inside it.
        files: [{ name: '../../a1-report.pdf', blobKey: documentKey }],
      },
      dm: { part: { messages } },
      realtime: { part: { chatMessages: [] } },
      project: { part: { projectsOwned: [] } },
    };
    answering = await Promise.all(
      Object.entries(answers).map(([service, answer]) =>
        answerDataExportRequests(
          auth.bus,
          DATA_EXPORT_PARTS[service as keyof typeof answers].subject,
          async (userId) => {
            expect(userId).toBe(member.id);
            return answer.part;
          },
          { files: async () => answer.files ?? [] },
        ),
      ),
    );

    const { id } = await call(routes.startDataExport, { token: member.token });
    await vi.waitFor(
      async () => {
        expect(await call(routes.getDataExport, { params: { id }, token: member.token })).toMatchObject({
          status: 'ready',
          partsDone: 6,
        });
      },
      { timeout: 30_000, interval: 200 },
    );
    const [row] = await auth.sql<{ blob_key: string }>('SELECT blob_key FROM data_exports WHERE id = $1', [id]);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.read(row!.blob_key)) chunks.push(Buffer.from(chunk as Uint8Array));
    const zip = unzipSync(new Uint8Array(Buffer.concat(chunks)));

    expect(
      Object.keys(zip)
        .filter((name) => name.startsWith('files/'))
        .sort(),
    ).toEqual(['files/forum/__.._a1-report.pdf', 'files/profile/picture.png']);
    expect(Buffer.from(zip['files/profile/picture.png']!).equals(picture)).toBe(true);
    expect(Buffer.from(zip['files/forum/__.._a1-report.pdf']!).equals(document)).toBe(true);
    const directMessages = JSON.parse(Buffer.from(zip['direct-messages.json']!).toString('utf8')) as DataExportPart;
    expect(directMessages).toEqual({ messages });
  });
});
