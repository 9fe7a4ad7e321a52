import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { SERVICES, type ServiceName } from '@crucible/proto';
import { configFields, metricsConfigSchema, tokenConfigSchema, infrastructureConfigSchema } from '@crucible/platform';

const serviceUrlFields = Object.fromEntries(
  (Object.keys(SERVICES) as ServiceName[]).map((name) => [`${name.toUpperCase()}_URL`, configFields.optionalUrl]),
) as Record<`${Uppercase<ServiceName>}_URL`, typeof configFields.optionalUrl>;

export const gatewayConfigSchema = infrastructureConfigSchema
  .extend({
    PORT: configFields.port(5000),
    LOG_LEVEL: configFields.logLevel,
    /** The built web app; absent means API only. */
    WEB_DIST_DIR: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
    /** Origins allowed to call the API cross-site; none by default (the web app is same-origin). */
    CORS_ORIGINS: configFields.list.default([]),
    /** Largest request body the gateway passes on; signed blob uploads are capped by the blob store itself. */
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1_048_576 * 2),
    /** Origins the browser may also call (CSP connect-src), e.g. the public S3 endpoint uploads go to. */
    CSP_CONNECT_SOURCES: configFields.list.default([]),
    RATE_LIMIT_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    /**
     * Proxies whose X-Forwarded-For is believed (per-IP limits key on the client address). Loopback by
     * default; a cluster adds its ingress network, e.g. 'loopback, uniquelocal'.
     */
    TRUST_PROXY: z.string().default('loopback'),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    /** Request headers must arrive within this (Node's headersTimeout). */
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    /** The whole request, body included, must arrive within this (Node's requestTimeout; large uploads). */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
    /** Longest pause between two chunks of a body the gateway reads before passing it on (then 408). */
    BODY_IDLE_TIMEOUT_MS: z.coerce.number().int().min(50).default(5_000),
    /** Longest time to read such a body in full (then 408). */
    BODY_READ_TIMEOUT_MS: z.coerce.number().int().min(50).default(15_000),
    /** Requests of one client address handled at once; more answer 429 with Retry-After. */
    MAX_IN_FLIGHT_PER_ADDRESS: z.coerce.number().int().min(1).default(64),
    /**
     * With the services in the same process (the launcher), hand their requests to their handlers
     * directly instead of over loopback HTTP; off keeps the proxy (as between processes).
     */
    IN_PROCESS_DISPATCH: configFields.boolean(true),
    ...serviceUrlFields,
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape);
export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;

export function serviceUrlsOf(config: GatewayConfig): Partial<Record<ServiceName, string>> {
  return Object.fromEntries(
    (Object.keys(SERVICES) as ServiceName[]).flatMap((name) => {
      const url = config[`${name.toUpperCase()}_URL` as keyof GatewayConfig];
      return typeof url === 'string' ? [[name, url]] : [];
    }),
  );
}
