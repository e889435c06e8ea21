import { useCallback } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router-dom';

export type QueryValues = Readonly<Record<string, string | number | null | undefined>>;

/** Builds `/path?k=v` with empty values left out. */
export function toHref(path: string, query: QueryValues = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** True when `href` names the location the player is already on (spec §8: ignore it). */
export function isSameLocation(href: string, current: { pathname: string; search: string }): boolean {
  const [path, search = ''] = href.split('?');
  const normalise = (s: string) => new URLSearchParams(s.startsWith('?') ? s.slice(1) : s).toString();
  return path === current.pathname && normalise(search) === normalise(current.search);
}

/** `navigate` that ignores a navigation to the current location. */
export function useStoreNavigate(): (path: string, query?: QueryValues, options?: NavigateOptions) => boolean {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(
    (path, query, options) => {
      const href = toHref(path, query);
      if (isSameLocation(href, location)) return false;
      navigate(href, options);
      return true;
    },
    [navigate, location],
  );
}
