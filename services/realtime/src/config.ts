import { z } from 'zod';
import { SERVICES } from '@crucible/proto';
import { configFields, databaseServiceFields, metricsConfigSchema, tokenConfigSchema } from '@crucible/platform';

export const realtimeConfigSchema = z
  .object({
    PORT: configFields.port(SERVICES.realtime.defaultPort),
    LOG_LEVEL: configFields.logLevel,
    ...databaseServiceFields(20),
    /** Where members open the product: its origin may open /ws unless REALTIME_ALLOWED_ORIGINS says otherwise. */
    PUBLIC_URL: configFields.url('http://localhost:5000'),
    /**
     * Browser origins allowed to open /ws, comma-separated; unset, the PUBLIC_URL's origin and Vite's
     * dev server. A request without Origin (not a browser) passes, since the token is its credential.
     */
    REALTIME_ALLOWED_ORIGINS: z
      .string()
      .optional()
      .transform((value) =>
        value
          ?.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean),
      ),
    /** Socket messages one connection may send per second before it is refused (1008). */
    REALTIME_SOCKET_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).default(20),
    /** Open sockets one member may hold on one instance; the next is refused (1008, 'Too many connections'). */
    REALTIME_SOCKETS_PER_MEMBER: z.coerce.number().int().min(1).default(10),
    /** How long dm's answer to 'may this member message that one' is reused for typing. */
    REALTIME_TYPING_CHECK_TTL_MS: z.coerce.number().int().min(1).default(3_000),
    /** Community chat messages one member may send per 10 s, across tabs and instances. */
    REALTIME_CHAT_MESSAGES_PER_10S: z.coerce.number().int().min(1).default(10),
    /** Ping interval; a socket that missed one pong is reaped at the next. */
    REALTIME_HEARTBEAT_MS: z.coerce.number().int().min(100).default(30_000),
    /** How long a presence entry lives in Redis without being refreshed (an instance that died). */
    REALTIME_PRESENCE_TTL_SECONDS: z.coerce.number().int().min(2).default(60),
    /** Online-users updates are coalesced over this window. */
    REALTIME_PRESENCE_COALESCE_MS: z.coerce.number().int().min(10).default(250),
    /** Durable consumers (shared by the service's replicas): users replica, notifications, live pushes. */
    REALTIME_USERS_CONSUMER: configFields.consumerName('realtime-users'),
    /** Members' Online Status switch from profile.settings.updated. */
    REALTIME_PROFILE_CONSUMER: configFields.consumerName('realtime-profile'),
    REALTIME_NOTIFICATIONS_CONSUMER: configFields.consumerName('realtime-notifications'),
    REALTIME_LIVE_CONSUMER: configFields.consumerName('realtime-live'),
    /**
     * Where the e-mail summary of missed messages and mentions is sent (the product's SMTP server, as
     * auth's mails); unset, summaries go to this service's log as dev-mailbox mails.
     */
    SMTP_URL: configFields.optionalUrl,
    MAIL_FROM: z.string().default('Crucible <no-reply@crucible.local>'),
    /** How often the e-mail summary's pass looks for members away long enough to be mailed. */
    REALTIME_DIGEST_INTERVAL_MS: z.coerce.number().int().min(100).default(60_000),
    /** dm.message.read, which reads the conversation's notifications. */
    REALTIME_NOTIFICATION_READS_CONSUMER: configFields.consumerName('realtime-notification-reads'),
  })
  .extend(tokenConfigSchema.shape)
  .extend(metricsConfigSchema.shape);
export type RealtimeConfig = z.infer<typeof realtimeConfigSchema>;
