import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_COOKIE_NAME, CSRF_HEADER_NAME, type SessionPrincipal } from '@crucible/proto';
import { errorMiddleware } from '../errors/error-middleware.ts';
import { UnauthorizedError } from '../errors/http-errors.ts';
import { CSRF_REFUSED, authenticate } from './authenticate.ts';
import type { TokenVerifier } from './token-verifier.ts';

const principal: SessionPrincipal = {
  userId: 'u1',
  sessionId: 's1',
  accessLevel: 'Public',
  isAdmin: false,
  isModerator: false,
  emailVerified: true,
};
// Token checking is the verifier's job (tested with it); here one token is simply good.
const verifier: TokenVerifier = {
  verify: async (token) => {
    if (token !== 'good') throw new UnauthorizedError();
    return principal;
  },
};

let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.all(
    '/required',
    authenticate(verifier, { required: true }),
    (req, res) => void res.json({ userId: req.principal?.userId }),
  );
  app.all(
    '/optional',
    authenticate(verifier, { required: false }),
    (req, res) => void res.json({ userId: req.principal?.userId ?? null }),
  );
  app.use(errorMiddleware);
  server = await new Promise<Server>((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const cookie = `${AUTH_COOKIE_NAME}=good`;

describe('authenticate and cross-site request forgery', () => {
  it.each(['/required', '/optional'])(
    'refuses a POST to %s signed in by the cookie alone with 403 and the reason',
    async (path) => {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const response = await fetch(`${base}${path}`, { method, headers: { cookie } });
        expect(response.status, method).toBe(403);
        expect(await response.json()).toMatchObject({ statusCode: 403, message: CSRF_REFUSED });
      }
    },
  );

  it('accepts a cookie state change that carries the header no form can send', async () => {
    const response = await fetch(`${base}/required`, {
      method: 'POST',
      headers: { cookie, [CSRF_HEADER_NAME]: 'XMLHttpRequest' },
    });
    expect(await response.json()).toEqual({ userId: 'u1' });
  });

  it('accepts a bearer token without the header, and cookie reads (GET, HEAD) without it', async () => {
    expect(
      await (await fetch(`${base}/required`, { method: 'POST', headers: { authorization: 'Bearer good' } })).json(),
    ).toEqual({ userId: 'u1' });
    expect(await (await fetch(`${base}/required`, { headers: { cookie } })).json()).toEqual({ userId: 'u1' });
    expect((await fetch(`${base}/required`, { method: 'HEAD', headers: { cookie } })).status).toBe(200);
  });

  it('leaves requests without any credential as they were', async () => {
    expect((await fetch(`${base}/required`, { method: 'POST' })).status).toBe(401);
    expect(await (await fetch(`${base}/optional`, { method: 'POST' })).json()).toEqual({ userId: null });
  });
});
