import { DATA_EXPORT_PARTS } from '@crucible/proto';
import { answerDataExportRequests, type Subscription } from '@crucible/platform';
import { readMemberData } from '../repositories/data-export.ts';
import type { RealtimeContext } from './context.ts';

/** Answers auth's request for a member's part of their data export (only auth asks, for the member). */
export function serveDataExport(ctx: RealtimeContext): Promise<Subscription> {
  return answerDataExportRequests(ctx.bus, DATA_EXPORT_PARTS.realtime.subject, (userId) =>
    readMemberData(ctx.pool, userId),
  );
}
