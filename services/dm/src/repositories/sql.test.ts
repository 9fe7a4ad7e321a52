import { describe, expect, it } from 'vitest';
import { BadRequestError } from '@crucible/platform';
import { decodeCursor, encodeCursor } from './sql.ts';

const id = '8f9c2a8e-6f7e-4a44-9d3e-0c6c1e9f3b11';
const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('message page cursors', () => {
  it('reads back exactly what it wrote', () => {
    const cursor = { at: '2026-11-22T21:00:00.123Z', id };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(undefined)).toBeUndefined();
  });

  it.each([
    ['not base64 JSON', 'abc'],
    ['an object', forge({ at: '2026-11-22T21:00:00.123Z', id })],
    ['two parts', forge(['2026-11-22T21:00:00.123Z', id])],
    ['a day that does not exist', forge([null, '2026-02-30T00:00:00.000Z', id])],
    ['a year PostgreSQL cannot store', forge([null, '0000-01-01T00:00:00.000Z', id])],
    ['a year past PostgreSQL', forge([null, '+275760-09-13T00:00:00.000Z', id])],
    ['an id that is not a uuid', forge([null, '2026-11-22T21:00:00.123Z', "1'; --"])],
    ['a number for an id', forge([null, '2026-11-22T21:00:00.123Z', 7])],
  ])('refuses %s with a 400', (_name, text) => {
    expect(() => decodeCursor(text)).toThrow(BadRequestError);
  });
});
