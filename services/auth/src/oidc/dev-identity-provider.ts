import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (oidc-provider) for one-machine mode and tests: its development
 * login form accepts any e-mail address and password and vouches for that address as verified.
 * Never enabled in production (createService refuses it there).
 */
export async function createDevIdentityProvider(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}): Promise<Provider> {
  // Loaded on first use: importing oidc-provider prints start-up warnings meant for its users.
  const { default: OidcProvider } = await import('oidc-provider');
  const provider = new OidcProvider(options.issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        // openid-client sends the secret in the body by default.
        token_endpoint_auth_method: 'client_secret_post',
        response_types: ['code'],
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    pkce: { required: () => true },
    async findAccount(_ctx, accountId) {
      const email = accountId.trim().toLowerCase();
      const [localPart = email] = email.split('@');
      const [given, ...family] = localPart.split(/[._-]+/).map((part) => part.charAt(0).toUpperCase() + part.slice(1));
      return {
        // The id asked for, unchanged: oidc-provider refuses a grant whose account id differs (a 500
        // "accountId mismatch" for a login typed in mixed case). The claims carry the normalized e-mail.
        accountId,
        claims: async () => ({
          sub: email,
          email,
          email_verified: true,
          given_name: given ?? email,
          family_name: family.join(' ') || 'Member',
        }),
      };
    },
  });
  // Behind the gateway the original host and scheme come in X-Forwarded-* headers.
  provider.proxy = true;
  return provider;
}

/** The provider as Express middleware, built on its first request (start-up stays quick and quiet). */
export function lazyDevIdentityProvider(options: Parameters<typeof createDevIdentityProvider>[0]): RequestHandler {
  let handler: Promise<ReturnType<Provider['callback']>> | undefined;
  return async (req, res) => {
    handler ??= createDevIdentityProvider(options).then((provider) => provider.callback());
    (await handler)(req, res);
  };
}
