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
});
