const KEY = 'topup.report-session';

/**
 * The browser tab's report session: a random id drawn once per tab (sessionStorage) and sent with
 * every report, so that the back office's funnel counts a visit once per step. It names nothing
 * about the player; '' when the browser keeps no session storage.
 */
export function reportSession(): string {
  try {
    let id = sessionStorage.getItem(KEY);
    if (!id) sessionStorage.setItem(KEY, (id = Math.random().toString(36).slice(2) + Date.now().toString(36)));
    return id;
  } catch {
    return '';
  }
}
