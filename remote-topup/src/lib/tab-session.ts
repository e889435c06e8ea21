/**
 * This browser tab's session (`sessionStorage`): what the phone page keeps over Back and reload (the
 * confirmed character, the open tab). Storage that is off or full keeps nothing, and the page starts
 * as on a first visit.
 */
export function readSession(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps a value; `null` forgets it. */
export function writeSession(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    /* not kept */
  }
}
