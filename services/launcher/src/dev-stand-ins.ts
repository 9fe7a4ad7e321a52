/** The address forms that only this machine can reach. */
const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);
const isLoopbackHost = (host: string) =>
  LOOPBACK_HOSTS.has(host.toLowerCase()) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);

export const INSECURE_STAND_INS_VARIABLE = 'ALLOW_INSECURE_DEV_STAND_INS_ON_NETWORK';

/** The development stand-ins auth would start with this environment (see its createService). */
export function devStandIns(env: Record<string, string | undefined>): string[] {
  if (env.NODE_ENV === 'production') return [];
  const standIns: string[] = [];
  if (!env.SMTP_URL) standIns.push('the dev mailbox (SMTP_URL is not set)');
  if (!env.OIDC_ISSUER_URL && env.EXTERNAL_SIGN_IN !== 'off')
    standIns.push('the development OpenID provider (OIDC_ISSUER_URL is not set and EXTERNAL_SIGN_IN is not off)');
  return standIns;
}

/**
 * Why the launcher must not start, or undefined. The stand-ins answer loopback clients only, but a
 * product shared on the network with them is still one where mails and external sign-in only work
 * for whoever sits at this machine, and where one slip in that check hands out accounts; so
 * sharing needs real SMTP and OIDC (or external sign-in off), or the insecure variable said aloud.
 */
export function sharingRefusal(
  host: string,
  env: Record<string, string | undefined>,
  authRuns: boolean,
): string | undefined {
  if (!authRuns || isLoopbackHost(host) || env[INSECURE_STAND_INS_VARIABLE] === 'true') return undefined;
  const standIns = devStandIns(env);
  if (!standIns.length) return undefined;
  return [
    `HOST=${host} shares the product with the network, but auth would run development stand-ins: ${standIns.join('; ')}.`,
    'Set SMTP_URL to a real mail server, and OIDC_ISSUER_URL (with OIDC_CLIENT_ID and OIDC_CLIENT_SECRET) to a real provider or EXTERNAL_SIGN_IN=off;',
    `or set ${INSECURE_STAND_INS_VARIABLE}=true if you accept the risk (the stand-ins still answer this machine only).`,
  ].join(' ');
}
