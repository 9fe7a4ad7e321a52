import { adminRoutes, type AdminActionType } from '@crucible/proto';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { callRoute, requestRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

export interface AuditLogFilter {
  actionType: 'all' | AdminActionType;
  /** 'all' or one admin's id. */
  adminId: string;
  targetUserId?: string;
  /** ISO 8601, inclusive. */
  from?: string;
  to?: string;
}

export const auditLogsQueryOptions = (filter: AuditLogFilter & { limit: number; offset: number }) =>
  queryOptions({
    queryKey: [...ADMIN_AUDIT_KEY, filter],
    queryFn: () => callRoute(adminRoutes.listAuditLogs, { query: filter }),
    staleTime: ADMIN_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export function useAuditLogs(filter: AuditLogFilter & { limit: number; offset: number }) {
  return useQuery(auditLogsQueryOptions(filter));
}

/** The file name the service gave the export (Content-Disposition), or a plain one. */
function fileNameOf(response: Response): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? 'audit-log.csv';
}

/** Downloads the filtered audit log as CSV through the browser's save flow. */
export async function downloadAuditLogs(filter: AuditLogFilter): Promise<void> {
  const response = await requestRoute(adminRoutes.exportAuditLogs, { query: filter });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useDownloadAuditLogs() {
  return useMutation({ mutationFn: downloadAuditLogs });
}
