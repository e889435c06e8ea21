/**
 * Whether this browser linked a character (decision 311): a hint kept on the device, no secret — the
 * link itself is the HttpOnly cookie. My orders shows "My orders by character" only then; the linked
 * panel sets it, an answer without a link of this browser clears it.
 */
const LINKED_BROWSER_KEY = 'topup:linked-browser';

export function isLinkedBrowser(): boolean {
  try {
    return window.localStorage.getItem(LINKED_BROWSER_KEY) !== null;
  } catch {
    return false;
  }
}

export function noteLinkedBrowser(linked: boolean): void {
  try {
    if (linked) window.localStorage.setItem(LINKED_BROWSER_KEY, '1');
    else window.localStorage.removeItem(LINKED_BROWSER_KEY);
  } catch {
    /* not kept: My orders shows only this browser's orders */
  }
}
