import { adminRoutes, type MessageReportCreate } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';

export type MessageReportRequest = Pick<MessageReportCreate, 'messageId' | 'reportType'> & { reportReason?: string };

/** Reports go to the admin service; nothing the member sees changes, so nothing is invalidated. */
export async function reportMessage(report: MessageReportRequest): Promise<void> {
  await callRoute(adminRoutes.reportMessage, { body: report });
}

export function useReportMessage() {
  return useMutation({ mutationFn: reportMessage });
}
