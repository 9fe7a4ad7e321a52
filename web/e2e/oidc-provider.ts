import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

export interface OidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a local port. Its development login form takes
 * any login, which becomes the member's e-mail address (verified), and any password.
 */
export async function startOidcProvider(options: { port: number; redirectUri: string }): Promise<OidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = 'crucible-e2e';
  const clientSecret = randomBytes(24).toString('base64url');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // openid-client sends the secret in the body unless told otherwise.
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    findAccount: (_ctx, id) => {
      const email = id.trim().toLowerCase();
      return {
        accountId: email,
        claims: () => ({ sub: email, email, email_verified: true, given_name: 'Single', family_name: 'Sign-On' }),
      };
    },
  });
  const server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
