import { pageQuery } from '../locale';

const KEY = 'mf_preview';

/**
 * `?mf_preview=<remote>@<version>[,…]` lets a tester load a released but inactive version in
 * this tab only: it is remembered in session storage; `?mf_preview=off` forgets it.
 */
export function previewRequest(): string | null {
  const asked = pageQuery().get(KEY);
  try {
    if (asked === 'off' || asked === '') window.sessionStorage.removeItem(KEY);
    else if (asked) window.sessionStorage.setItem(KEY, asked);
    return window.sessionStorage.getItem(KEY);
  } catch {
    return asked && asked !== 'off' ? asked : null;
  }
}

export function forgetPreview(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    /* nothing remembered */
  }
}
