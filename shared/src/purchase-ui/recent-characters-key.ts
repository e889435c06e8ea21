/** Where the recent characters are kept on the device (localStorage). */
export const RECENT_CHARACTERS_KEY = 'topup:recent-characters';

/** Whether any character is remembered: the page loads the list only then. */
export function hasRecentCharacters(): boolean {
  try {
    return window.localStorage.getItem(RECENT_CHARACTERS_KEY) !== null;
  } catch {
    return false;
  }
}

/** The recent characters' list and store, loaded on demand (RecentCharacters.lazy.tsx). */
export const loadRecentCharacters = () => import('./RecentCharacters.lazy');
