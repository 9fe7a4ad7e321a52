import type { Express } from 'express';

/** One line of the launcher's start-up report: which implementation a component uses, and where. */
export interface ComponentReport {
  component: string;
  kind: string;
  location: string;
}

/** What every service's createService resolves to; main.ts or the launcher makes it listen. */
export interface RunningService {
  name: string;
  app: Express;
  /** Extra components the service chose (mail transport, identity provider, ...). */
  components?: ComponentReport[];
  /** Stops background work (relays flush, consumers drain) and closes its connections. */
  stop(): Promise<void>;
}
