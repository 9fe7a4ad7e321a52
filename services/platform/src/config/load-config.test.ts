import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, configFields, loadConfig } from './load-config.ts';

const schema = z.object({
  PORT: configFields.port(5101),
  LOG_LEVEL: configFields.logLevel,
  DATABASE_URL: configFields.url('postgresql://postgres@127.0.0.1:5432/postgres'),
  SECURE_COOKIES: configFields.boolean(false),
});

describe('loadConfig', () => {
  it('fills every variable with its localhost default', () => {
    expect(loadConfig(schema, {})).toEqual({
      PORT: 5101,
      LOG_LEVEL: 'info',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres',
      SECURE_COOKIES: false,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig(schema, { PORT: '' }).PORT).toBe(5101);
  });

  it('names every bad variable in one error', () => {
    let error: unknown;
    try {
      loadConfig(schema, { PORT: 'eighty', LOG_LEVEL: 'loud', DATABASE_URL: 'not a url' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toContain('PORT');
    expect(problems).toContain('LOG_LEVEL');
    expect(problems).toContain('DATABASE_URL');
    expect((error as ConfigError).problems).toHaveLength(3);
  });

  it('shows a refused ordinary value, to make the mistake plain', () => {
    expect(() => loadConfig(schema, { PORT: 'eighty' })).toThrow(
      'PORT: Invalid input: expected number, received NaN (got "eighty")',
    );
  });

  it('never repeats the value of a refused secret', () => {
    const secrets = z.object({
      OIDC_CLIENT_SECRET: z.string().min(32),
      ADMIN_PASSWORD: z.string().min(20),
      AUTH_SIGNING_KEY: z.string().startsWith('{'),
      S3_ACCESS_KEY: z.string().min(20),
    });
    const values = {
      OIDC_CLIENT_SECRET: 'hunter2-client',
      ADMIN_PASSWORD: 'hunter2-admin',
      AUTH_SIGNING_KEY: 'hunter2-key',
      S3_ACCESS_KEY: 'hunter2-s3',
    };
    const error = caught(() => loadConfig(secrets, values));
    expect(error.problems).toHaveLength(4);
    for (const [variable, value] of Object.entries(values)) {
      expect(error.message).toContain(variable);
      expect(error.message).not.toContain(value);
    }
  });

  it('hides the password of a refused URL but shows the rest of it', () => {
    const error = caught(() => loadConfig(schema, { DATABASE_URL: 'postgres://app:hunter2@db host/crucible' }));
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).toContain('postgres://app:***@db host/crucible');
    expect(error.message).not.toContain('hunter2');
  });
});

function caught(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}
