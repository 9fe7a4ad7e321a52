import { adminRoutes } from '@crucible/proto';
import { useMutation } from '@tanstack/react-query';
import { requestRoute } from '../../../lib/api-client.ts';
import type { AuditLogFilter } from './get-audit-logs.ts';

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
