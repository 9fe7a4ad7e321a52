import { closeSync, mkdirSync, openSync, statSync, unlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomInt } from 'node:crypto';

/**
 * Ports for servers a test, an e2e product or a bench starts as separate processes, which take the
 * port some time after it was chosen.
 *
 * Asking the OS for port 0 and closing the probe is not enough when many runs start products at
 * once: the OS hands the freed port to the next process asking for port 0, and two products end up
 * told the same port (one fails to bind, and its readiness check reaches the other's server). So a
 * port is chosen below the OS's ephemeral range (which neither port-0 binds nor outgoing connections
 * use) and reserved for every process on the machine by creating a file named after it; a
 * reservation lapses after RESERVATION_MS, far longer than any run.
 */
const LOWEST_PORT = 20_000;
/** Linux's ephemeral range starts at 32768 (net.ipv4.ip_local_port_range). */
const HIGHEST_PORT = 32_000;
const RESERVATION_MS = 3 * 60 * 60 * 1000;
const ATTEMPTS = 500;
const RESERVATIONS = join(tmpdir(), 'crucible-port-reservations');

function reserve(port: number): boolean {
  const file = join(RESERVATIONS, String(port));
  try {
    closeSync(openSync(file, 'wx'));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  try {
    if (Date.now() - statSync(file).mtimeMs < RESERVATION_MS) return false;
    // A lapsed reservation: whoever removes it and creates it again first has it.
    unlinkSync(file);
    closeSync(openSync(file, 'wx'));
    return true;
  } catch {
    return false;
  }
}

async function canListen(port: number): Promise<boolean> {
  const probe = createServer();
  probe.listen(port, '127.0.0.1');
  try {
    await Promise.race([once(probe, 'listening'), once(probe, 'error').then(([error]) => Promise.reject(error))]);
  } catch {
    return false;
  }
  probe.close();
  await once(probe, 'close');
  return true;
}

/** A port nothing listens on and no other run on this machine has been given. */
export async function freePort(): Promise<number> {
  mkdirSync(RESERVATIONS, { recursive: true });
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const port = randomInt(LOWEST_PORT, HIGHEST_PORT);
    if (reserve(port) && (await canListen(port))) return port;
  }
  throw new Error(`No free port between ${LOWEST_PORT} and ${HIGHEST_PORT} after ${ATTEMPTS} tries`);
}

/** `count` distinct such ports. */
export async function freePorts(count: number): Promise<number[]> {
  const ports: number[] = [];
  while (ports.length < count) ports.push(await freePort());
  return ports;
}
