import { DATA_EXPORT_PARTS } from '@crucible/proto';
import { answerDataExportRequests, type EventBus, type Subscription } from '@crucible/platform';
import { readMemberData, readMemberFiles } from '../repositories/data-export.ts';
import type { ForumContext } from './context.ts';

/** Answers auth's request for a member's part of their data export (only auth asks, for the member). */
export function serveDataExport(ctx: ForumContext, bus: EventBus): Promise<Subscription> {
  return answerDataExportRequests(bus, DATA_EXPORT_PARTS.forum.subject, (userId) => readMemberData(ctx.pool, userId), {
    files: (userId) => readMemberFiles(ctx.pool, userId),
  });
}
