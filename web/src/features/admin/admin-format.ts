import { displayName as nameOf, type NamedPerson } from '@crucible/proto';
import { apiErrorDetails } from '../../lib/api-error.ts';
import { htmlToText } from '../../lib/plain-text.ts';

const MEGABYTE = 1_048_576;
/** The audit log shows a user agent up to 50 characters. */
export const USER_AGENT_MAX = 50;

/** Sizes under 1024 bytes in B, else MB with two decimals. */
export function formatSize(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / MEGABYTE).toFixed(2)} MB`;
}

/** A quota as a percent of its maximum with one decimal (an empty maximum counts as full when used). */
export function formatQuotaPercent(usedBytes: number, maxBytes: number): string {
  const percent = maxBytes > 0 ? (usedBytes / maxBytes) * 100 : usedBytes > 0 ? 100 : 0;
  return `${percent.toFixed(1)}%`;
}

export function truncateUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return '—';
  return userAgent.length > USER_AGENT_MAX ? `${userAgent.slice(0, USER_AGENT_MAX)}...` : userAgent;
}

/** First and last name, else the e-mail (an admin sees every address), else 'Unknown User'. */
export function displayName(user: NamedPerson): string {
  return nameOf(user, { withEmail: true });
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString();
}

/** What a failure toast says: the server's own message, else the fallback. */
export function failureDescription(error: Error, fallback: string = 'Please try again later.'): string {
  return apiErrorDetails(error).serverMessage ?? fallback;
}

/** A message's text without markup, for previews; no DOM is built (see htmlToText). */
export function plainText(html: string): string {
  return htmlToText(html);
}

/** A preview cut at `max` characters with an ellipsis. */
export function preview(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
