import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-request.ts';
import type { MessageReportRequest } from './types.ts';

/** Reports go to the admin service; nothing the member sees changes, so nothing is invalidated. */
export async function reportMessage(report: MessageReportRequest): Promise<void> {
  await apiRequest('POST', '/api/admin/message-reports', report);
}

export function useReportMessage() {
  return useMutation({ mutationFn: reportMessage });
}
