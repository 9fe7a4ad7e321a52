import type { QueryFunction } from '@tanstack/react-query';
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

export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Response> {
  const response = await fetch(url, requestInit(method, body, headers));
  await throwIfNotOk(response);
  return response;
}

/** A missing or ended session (401 'Unauthorized'), not a refused sign-in (401 'Invalid email or password'). */
export function isUnauthorizedError(error: Error): boolean {
  return error instanceof ApiError && error.status === 401 && error.body.includes('Unauthorized');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Reads are a GET on the query key joined with '/', so a key is its own URL. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await fetch(queryKey.join('/'), requestInit('GET'));
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}
