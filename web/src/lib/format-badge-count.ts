import { LIMITS } from '@crucible/proto';

export function formatBadgeCount(count: number): string {
  return count > LIMITS.badgeCap ? `${LIMITS.badgeCap}+` : String(count);
}
