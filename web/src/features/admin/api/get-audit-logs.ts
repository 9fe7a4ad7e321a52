import { adminRoutes, type AdminActionType } from '@crucible/proto';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callRoute, routeQueryKey } from '../../../lib/api-client.ts';
import { ADMIN_LIST_STALE_MS } from './admin-query-keys.ts';

export interface AuditLogFilter {
  actionType: 'all' | AdminActionType;
  /** 'all' or one admin's id. */
  adminId: string;
  targetUserId?: string;
  /** ISO 8601, inclusive. */
  from?: string;
  to?: string;
}

export type AuditLogPage = AuditLogFilter & { limit: number; offset: number };

export const getAuditLogs = (page: AuditLogPage) => callRoute(adminRoutes.listAuditLogs, { query: page });

export const auditLogsQueryOptions = (page: AuditLogPage) =>
  queryOptions({
    queryKey: routeQueryKey(adminRoutes.listAuditLogs, { query: page }),
    queryFn: () => getAuditLogs(page),
    staleTime: ADMIN_LIST_STALE_MS,
    placeholderData: keepPreviousData,
  });

export function useAuditLogs(page: AuditLogPage) {
  return useQuery(auditLogsQueryOptions(page));
}
