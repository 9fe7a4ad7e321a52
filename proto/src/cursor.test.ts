import { describe, expect, it } from 'vitest';
import { decodeKeysetCursor, encodeKeysetCursor, isCursorInstant } from './cursor.ts';

const id = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';

describe('keyset cursors', () => {
  it('round-trips what the server writes, pinned flag included', () => {
    const cursor = { pinned: true, at: '2024-02-29T23:59:59.123Z', id };
    expect(decodeKeysetCursor(encodeKeysetCursor(cursor))).toEqual(cursor);
    expect(decodeKeysetCursor(encodeKeysetCursor({ at: '2024-01-01T00:00:00.000Z', id }))).toEqual({
      at: '2024-01-01T00:00:00.000Z',
      id,
    });
  });

  it('encodes as Node does (base64url of the JSON), so cursors written before still decode', () => {
    const json = JSON.stringify([null, '2024-01-01T00:00:00.000Z', id]);
    expect(encodeKeysetCursor({ at: '2024-01-01T00:00:00.000Z', id })).toBe(Buffer.from(json).toString('base64url'));
  });

  it('refuses instants JavaScript accepts and PostgreSQL does not, and days that do not exist', () => {
    for (const at of [
      '1',
      '+275760-09-13T00:00:00.000Z',
      '0000-01-01T00:00:00.000Z',
      '1969-12-31T23:59:59.000Z',
      '2023-02-29T00:00:00.000Z',
      '2024-01-01',
      '2024-01-01T00:00:00+01:00',
    ]) {
      expect(isCursorInstant(at), at).toBe(false);
      expect(decodeKeysetCursor(encodeKeysetCursor({ at, id })), at).toBeNull();
    }
    expect(isCursorInstant('9999-12-31T23:59:59.999Z')).toBe(true);
  });

  it('refuses what is not a cursor at all', () => {
    for (const text of [
      '1',
      '%%%',
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      encodeKeysetCursor({ at: '2024-01-01T00:00:00.000Z', id: 'not-a-uuid' }),
    ]) {
      expect(decodeKeysetCursor(text), text).toBeNull();
    }
  });
});
