import type { QueryFunction } from '@tanstack/react-query';
import { readAuthToken } from './auth-token.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Cookies always travel; the stored token is added for the services that read the header; JSON is declared only when sent. */
function requestInit(method: HttpMethod, body?: unknown): RequestInit {
  const headers: Record<string, string> = {};
  const token = readAuthToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return { method, headers, credentials: 'include', body: body === undefined ? undefined : JSON.stringify(body) };
}

/** The message is 'status: body' (or the status text when the body is empty): the unauthorized check reads this format. */
async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = await response.text();
  throw new Error(`${response.status}: ${text || response.statusText}`);
}

export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, requestInit(method, body));
  await throwIfNotOk(response);
  return response;
}

export function isUnauthorizedError(error: Error): boolean {
  return /^401: .*Unauthorized/.test(error.message);
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

async function readJsonOrNull(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function serverMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
}

/**
 * For calls whose failure a member reads as is (auth forms): the error carries the server's own
 * `message` ('Invalid email or password') instead of the status line, or the fallback.
 */
export async function requestWithServerMessage<T>(method: HttpMethod, url: string, body: unknown, fallbackMessage: string): Promise<T> {
  const response = await fetch(url, requestInit(method, body));
  const payload = await readJsonOrNull(response);
  if (!response.ok) throw new Error(serverMessage(payload) ?? fallbackMessage);
  return payload as T;
}
