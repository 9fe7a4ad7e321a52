import { adminRoutes, type AdminActionType } from '@crucible/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../../lib/api-client.ts';
import { ADMIN_AUDIT_KEY, ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

export interface AuditLogFilter {
  actionType: 'all' | AdminActionType;
  /** 'all' or one admin's id. */
  adminId: string;
  limit: number;
  offset: number;
}

export const auditLogsQueryOptions = (filter: AuditLogFilter) =>
  queryOptions({
    queryKey: [...ADMIN_AUDIT_KEY, filter],
    queryFn: () => callRoute(adminRoutes.listAuditLogs, { query: filter }),
    staleTime: ADMIN_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export function useAuditLogs(filter: AuditLogFilter) {
  return useQuery(auditLogsQueryOptions(filter));
}
