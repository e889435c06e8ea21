/** Local storage keys of spec §3, plus the chosen language. */
export const STORAGE_KEYS = [
  'game_id',
  'area',
  'role_id',
  'from',
  'area_name',
  'server_name',
  'roleInfo',
  'payWays',
  'lang',
] as const;
export type StorageKey = (typeof STORAGE_KEYS)[number];

/** Storage that never throws (private mode, quota, disabled storage). */
export const localStore = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the page still works, it just forgets */
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* see set */
    }
  },
};
