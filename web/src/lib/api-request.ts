import { CSRF_HEADER_NAME } from '@crucible/proto';
import { ApiError, parseRetryAfter } from './api-error.ts';
import { readAuthToken } from './auth-token.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Cookies always travel; the stored token is added for the services that read the header; JSON is
 * declared only when sent. The CSRF header lets a change through when only the cookie signs it in.
 */
export function requestInit(
  method: HttpMethod,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): RequestInit {
  const headers: Record<string, string> = { [CSRF_HEADER_NAME]: 'XMLHttpRequest', ...extraHeaders };
  const token = readAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return { method, headers, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body) };
}

/** An ApiError whose message is 'status: body' (or the status text when the body is empty). */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  throw new ApiError(
    response.status,
    text || response.statusText,
    parseRetryAfter(response.headers.get('Retry-After')),
  );
}

/** A missing or ended session (401 'Unauthorized'), not a refused sign-in (401 'Invalid email or password'). */
export function isUnauthorizedError(error: Error): boolean {
  return error instanceof ApiError && error.status === 401 && error.body.includes('Unauthorized');
}
