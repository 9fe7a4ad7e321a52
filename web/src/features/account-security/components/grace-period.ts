/** A grace period in words: days as configured, a shorter one (a test's) in hours, minutes or seconds. */
export function gracePeriodText(days: number): string {
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (days >= 1) return plural(Math.round(days * 10) / 10, 'day');
  const hours = days * 24;
  if (hours >= 1) return plural(Math.round(hours), 'hour');
  if (hours * 60 >= 1) return plural(Math.round(hours * 60), 'minute');
  return plural(Math.max(1, Math.round(hours * 3600)), 'second');
}
