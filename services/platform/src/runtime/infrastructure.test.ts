import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/load-config.ts';
import { infrastructureConfigSchema } from './infrastructure.ts';

describe('NATS_NAMESPACE', () => {
  it('is empty by default, keeping the plain stream, subject and cache-key names', () => {
    expect(loadConfig(infrastructureConfigSchema, {}).NATS_NAMESPACE).toBe('');
  });

  it('takes one token of letters, digits, _ and -', () => {
    expect(loadConfig(infrastructureConfigSchema, { NATS_NAMESPACE: 'staging-2_eu' }).NATS_NAMESPACE).toBe(
      'staging-2_eu',
    );
  });

  it.each([
    ['a dot, which would split it into two subject tokens', 'staging.eu'],
    ['a wildcard', 'staging*'],
    ['a space', 'stag ing'],
    ["a stream's first token, whose subjects the plain stream would overlap", 'auth'],
    ['the request-reply root', 'rpc'],
  ])('refuses %s, naming the variable', (_why, value) => {
    expect(() => loadConfig(infrastructureConfigSchema, { NATS_NAMESPACE: value })).toThrow(/NATS_NAMESPACE/);
  });
});
