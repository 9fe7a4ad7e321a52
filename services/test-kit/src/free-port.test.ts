import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePorts } from './free-port.ts';

describe('freePort', () => {
  it('gives distinct ports below the ephemeral range, each reserved for the machine and free to listen on', async () => {
    const ports = await freePorts(12);
    expect(new Set(ports).size).toBe(12);
    for (const port of ports) {
      expect(port).toBeLessThan(32_768);
      expect(existsSync(join(tmpdir(), 'crucible-port-reservations', String(port)))).toBe(true);
      const server = createServer().listen(port, '127.0.0.1');
      await once(server, 'listening');
      server.close();
      await once(server, 'close');
    }
  });
});
