import { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Variables whose value is never repeated in an error: a start-up log outlives the pod it came from. */
const SECRET_NAME = /SECRET|PASSWORD|TOKEN|KEY|CREDENTIAL/i;
/** The password part of `scheme://user:password@host`, valid URL or not. */
const URL_PASSWORD = /(\/\/[^/:@\s]*:)[^@\s]*@/g;

function shownValue(variable: string, value: string): string {
  if (SECRET_NAME.test(variable)) return '';
  return ` (got "${value.replace(URL_PASSWORD, '$1***@')}")`;
}

/**
 * Parses the environment with a zod object whose keys are the variable names. Every bad variable
 * is named at once, so a misconfigured pod fails with one complete message.
 */
export function loadConfig<Shape extends z.ZodRawShape>(
  schema: z.ZodObject<Shape>,
  env: Record<string, string | undefined> = process.env,
): z.infer<z.ZodObject<Shape>> {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const variable = issue.path.join('.') || '(environment)';
      const name = issue.path[0];
      const shown = typeof name === 'string' && present[name] !== undefined ? shownValue(name, present[name]) : '';
      return `${variable}: ${issue.message}${shown}`;
    }),
  );
}

/** Building blocks for the per-service schemas; each has a default that works on localhost. */
export const configFields = {
  port: (defaultPort: number) => z.coerce.number().int().min(1).max(65535).default(defaultPort),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  url: (defaultUrl: string) => z.url().default(defaultUrl),
  optionalUrl: z.url().optional(),
  boolean: (defaultValue: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .transform((value) => value === 'true' || value === '1')
      .default(defaultValue),
  /** A durable consumer's name on the broker (letters, digits, '_' and '-'); replicas of a service share it. */
  consumerName: (defaultName: string) =>
    z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .default(defaultName),
  list: z.string().transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  ),
} as const;

/**
 * What every service with a database is told: its environment, its database and how many connections
 * its pool opens at most (deploy/RUNBOOK.md 'Connection budget': one server serves every service).
 */
export function databaseServiceFields(defaultPoolSize: number) {
  return {
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    DATABASE_URL: configFields.url('postgresql://postgres@127.0.0.1:5432/postgres'),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(defaultPoolSize),
  };
}

/** The claims every token verifier pins; auth signs with the same values. */
export const tokenConfigSchema = z.object({
  JWT_ISSUER: z.string().min(1).default('crucible-auth'),
  JWT_AUDIENCE: z.string().min(1).default('crucible'),
  /**
   * Shared by the gateway and the services: the gateway signs the client address it decided with it,
   * and services believe only addresses so signed (http/client-address.ts). Unset, services record the
   * socket's address (the gateway's) for every request; the launcher makes one per run.
   */
  GATEWAY_SECRET: z.string().min(32, 'GATEWAY_SECRET must be at least 32 characters').optional(),
});
