import { LIMITS } from '@crucible/proto';

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Time left until the launch, or null once it has passed (the card then says the launch happened). */
export function countdownTo(target: Date, now: Date): CountdownParts | null {
  const remaining = Math.floor((target.getTime() - now.getTime()) / 1000);
  if (remaining <= 0) return null;
  return {
    days: Math.floor(remaining / 86_400),
    hours: Math.floor((remaining % 86_400) / 3_600),
    minutes: Math.floor((remaining % 3_600) / 60),
    seconds: remaining % 60,
  };
}

/** The first eight members and how many more are online. */
export function onlineListView<T>(users: readonly T[], max: number = LIMITS.dashboard.onlineUsers) {
  return { shown: users.slice(0, max), more: Math.max(0, users.length - max) };
}

/** Cut at `max` characters with an ellipsis, so a cut is visible. */
export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** The storage meter shows the percent with one decimal. */
export function storagePercent(usedBytes: number, maxBytes: number): string {
  const percent = maxBytes > 0 ? Math.min(100, (usedBytes / maxBytes) * 100) : 0;
  return `${percent.toFixed(1)}%`;
}
