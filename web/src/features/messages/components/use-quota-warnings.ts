import { useEffect, useRef } from 'react';
import { useToast } from '../../../components/toast/toast-context.ts';
import type { Quota } from '@crucible/proto';
import { quotaWarningLevel, quotaWarningToast, type QuotaWarningLevel } from '../message-rules.ts';

/** Shows the quota warning toast each time the level rises; the level seen last lives for the page's lifetime. */
export function useQuotaWarnings(quota: Quota | undefined) {
  const showToast = useToast();
  const shownLevel = useRef<QuotaWarningLevel>(0);
  useEffect(() => {
    if (!quota) return;
    const level = quotaWarningLevel(quota);
    const toast = quotaWarningToast(shownLevel.current, level, quota);
    shownLevel.current = level;
    if (toast) showToast(toast);
  }, [quota, showToast]);
}
