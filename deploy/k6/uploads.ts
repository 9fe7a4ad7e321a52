// Attachment uploads: ask the forum for a signed URL, PUT the file to the blob store (S3/MinIO in a
// cluster), record it as an attachment. Targets: signing and recording p95 < 100 ms each, the PUT
// of SIZE_KB p95 < 500 ms, fewer than 1 % failures.
//
//   k6 run -e BASE_URL=... -e EMAIL=load{n}@example.com -e PASSWORD=... -e ACCOUNTS=10 \
//          -e RATE=5 -e SIZE_KB=256 deploy/k6/uploads.ts
//
// The signed URL points at S3_ENDPOINT: the machine running k6 must reach it (in dev:
// kubectl port-forward svc/minio 9000 and S3_ENDPOINT=http://localhost:9000 on forum).
import { check } from 'k6';
import http from 'k6/http';
import type { Options } from 'k6/options';
import { BASE_URL, authHeaders, intEnv, memberFor, requireEnv, signInAccounts, type Member } from './lib.ts';

const SIZE = intEnv('SIZE_KB', 64) * 1024;
// A plain-text file (its type is checked from its content), generated once per VU.
const FILE = 'crucible k6 upload\n'.repeat(Math.ceil(SIZE / 19)).slice(0, SIZE);

export const options: Options = {
  scenarios: {
    uploads: {
      executor: 'constant-arrival-rate',
      rate: intEnv('RATE', 5),
      timeUnit: '1s',
      duration: __ENV.DURATION ?? '2m',
      preAllocatedVUs: 10,
      maxVUs: 100,
    },
  },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:sign-upload}': ['p(95)<100'],
    'http_req_duration{name:record-attachment}': ['p(95)<100'],
    'http_req_duration{name:put-blob}': ['p(95)<500'],
    checks: ['rate>0.99'],
  },
};

export function setup(): { members: Member[] } {
  requireEnv('EMAIL', 'PASSWORD');
  return { members: signInAccounts(intEnv('ACCOUNTS', 5)) };
}

export default function upload(data: { members: Member[] }): void {
  const member = memberFor(data.members, __ITER);
  const fileName = `k6-${__VU}-${__ITER}.txt`;
  const signed = http.post(
    `${BASE_URL}/api/attachments/upload`,
    JSON.stringify({ fileName, mimeType: 'text/plain', fileSize: SIZE }),
    { headers: authHeaders(member, true), tags: { name: 'sign-upload' } },
  );
  if (!check(signed, { 'upload signed': (r) => r.status === 200 })) return;
  const { uploadURL, contentType, filePath } = signed.json() as {
    uploadURL: string;
    contentType: string;
    filePath: string;
  };
  const put = http.put(uploadURL, FILE, { headers: { 'Content-Type': contentType }, tags: { name: 'put-blob' } });
  if (!check(put, { 'blob stored': (r) => r.status >= 200 && r.status < 300 })) return;
  const recorded = http.post(
    `${BASE_URL}/api/attachments`,
    JSON.stringify({ filePath, originalName: fileName, fileSize: SIZE, mimeType: 'text/plain' }),
    { headers: authHeaders(member, true), tags: { name: 'record-attachment' } },
  );
  check(recorded, { 'attachment recorded': (r) => r.status === 201 });
}
