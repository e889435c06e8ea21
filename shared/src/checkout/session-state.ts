import { useCallback, useState } from 'react';

/**
 * State kept for the browser tab's session (`sessionStorage`): the order pages' choices survive a
 * reload and Back, and another tab starts afresh. `key` null keeps nothing. Storage that is off, full
 * or holding something unreadable is treated as empty.
 */
export function useSessionState<T>(key: string | null, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (key ? (readKept<T>(key) ?? initial) : initial));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      if (key) keep(key, next);
    },
    [key],
  );
  return [value, set];
}

function readKept<T>(key: string): T | null {
  try {
    const text = sessionStorage.getItem(key);
    return text === null ? null : (JSON.parse(text) as T);
  } catch {
    return null;
  }
}

function keep(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* not kept: a reload starts this choice afresh */
  }
}
