import { STORAGE_KEYS } from './storage-keys.ts';

export function readAuthToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.authToken);
}

export function storeAuthToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.authToken, token);
}

export function clearAuthToken(): void {
  localStorage.removeItem(STORAGE_KEYS.authToken);
}
