import { pino, type DestinationStream, type Logger } from 'pino';
import { logContextFields } from './log-context.ts';

export type { Logger };

/** JSON logs on stdout; `service` on every line so one-process mode stays readable. */
export function createLogger(options: { service: string; level?: string; destination?: DestinationStream }): Logger {
  return pino(
    {
      name: options.service,
      level: options.level ?? 'info',
      base: { service: options.service },
      // reqId (or the event being handled) on every line written on its behalf; log-context.ts.
      mixin: logContextFields,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
        ],
        censor: '[redacted]',
      },
    },
    options.destination,
  );
}

export const silentLogger: Logger = pino({ level: 'silent' });
