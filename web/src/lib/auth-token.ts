import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage-keys.ts';

/** Fired in this tab when the token changes; other tabs get the `storage` event. */
const TOKEN_CHANGE_EVENT = 'auth-token-change';

/** The signed-in shopper's token (SPEC §3: localStorage under `token`), or null. */
export function getAuthToken(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.token) || null;
  } catch {
    // Storage can be unavailable (privacy modes): treat it as signed out.
    return null;
  }
}

export function setAuthToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  window.dispatchEvent(new Event(TOKEN_CHANGE_EVENT));
}

export function clearAuthToken(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.token);
  } finally {
    window.dispatchEvent(new Event(TOKEN_CHANGE_EVENT));
  }
}

/** Calls `onChange` when the token may have changed, in this tab or another; returns the unsubscribe. */
export function subscribeToAuthToken(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(TOKEN_CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(TOKEN_CHANGE_EVENT, onChange);
  };
}

/** The current token; re-renders when it is set or cleared, in this tab or another. */
export function useAuthToken(): string | null {
  return useSyncExternalStore(subscribeToAuthToken, getAuthToken, () => null);
}
