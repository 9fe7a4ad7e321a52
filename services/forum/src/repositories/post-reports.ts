import type { ReportType } from '@crucible/proto';
import type { Tx } from './db.ts';
import { iso, sqlInTransaction } from './sql.ts';

export interface PostReportRow {
  id: string;
  discussionId: string;
  replyId: string | null;
  reportType: ReportType;
  reportReason: string | null;
  createdAt: string;
}

export const postReportWrites = {
  /** Fails with a unique violation when the member already reported this post. */
  async create(
    tx: Tx,
    report: {
      reporterId: string;
      discussionId: string;
      replyId: string | null;
      reportType: ReportType;
      reason: string | null;
    },
  ): Promise<PostReportRow> {
    const [row] = await sqlInTransaction(tx)<{ id: string; created_at: Date }>(
      `INSERT INTO post_reports (reporter_id, discussion_id, reply_id, report_type, reason)
       VALUES ($1::uuid, $2::uuid, $3::uuid, $4, $5) RETURNING id, created_at`,
      [report.reporterId, report.discussionId, report.replyId, report.reportType, report.reason],
    );
    return {
      id: row!.id,
      discussionId: report.discussionId,
      replyId: report.replyId,
      reportType: report.reportType,
      reportReason: report.reason,
      createdAt: iso(row!.created_at),
    };
  },
};
