/** The slice of a pino logger the event code needs; a pino Logger fits it as it is. */
export interface EventsLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}
