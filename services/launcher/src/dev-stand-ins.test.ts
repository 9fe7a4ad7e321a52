import { describe, expect, it } from 'vitest';
import { INSECURE_STAND_INS_VARIABLE, sharingRefusal } from './dev-stand-ins.ts';

const realServices = { SMTP_URL: 'smtp://mail.example.org:587', OIDC_ISSUER_URL: 'https://id.example.org' };

describe('sharing the one-machine product on the network', () => {
  it('refuses a non-loopback HOST while auth would run the dev mailbox or the development provider', () => {
    expect(sharingRefusal('0.0.0.0', {}, true)).toMatch(/HOST=0\.0\.0\.0 .*dev mailbox.*development OpenID provider/);
    expect(sharingRefusal('192.168.1.20', { SMTP_URL: realServices.SMTP_URL }, true)).toMatch(
      /development OpenID provider/,
    );
    expect(sharingRefusal('::', { OIDC_ISSUER_URL: realServices.OIDC_ISSUER_URL }, true)).toMatch(/dev mailbox/);
  });

  it('names the variable that overrides it', () => {
    expect(sharingRefusal('0.0.0.0', {}, true)).toContain(`${INSECURE_STAND_INS_VARIABLE}=true`);
    expect(sharingRefusal('0.0.0.0', { [INSECURE_STAND_INS_VARIABLE]: 'true' }, true)).toBeUndefined();
    expect(sharingRefusal('0.0.0.0', { [INSECURE_STAND_INS_VARIABLE]: '1' }, true)).toBeDefined();
  });

  it('starts on loopback addresses, with real SMTP and OIDC, with external sign-in off, or without auth', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2'])
      expect(sharingRefusal(host, {}, true)).toBeUndefined();
    expect(sharingRefusal('0.0.0.0', realServices, true)).toBeUndefined();
    expect(
      sharingRefusal('0.0.0.0', { SMTP_URL: realServices.SMTP_URL, EXTERNAL_SIGN_IN: 'off' }, true),
    ).toBeUndefined();
    expect(sharingRefusal('0.0.0.0', {}, false)).toBeUndefined();
  });
});
