import { DATA_EXPORT_PARTS } from '@crucible/proto';
import { answerDataExportRequests, type Subscription } from '@crucible/platform';
import { readMemberData, readMemberFiles } from '../repositories/data-export.ts';
import type { ProfileContext } from './context.ts';

/** Answers auth's request for a member's part of their data export (only auth asks, for the member). */
export function serveDataExport(ctx: ProfileContext): Promise<Subscription> {
  return answerDataExportRequests(
    ctx.bus,
    DATA_EXPORT_PARTS.profile.subject,
    (userId) => readMemberData(ctx.prisma, userId),
    { files: (userId) => readMemberFiles(ctx.prisma, userId) },
  );
}
