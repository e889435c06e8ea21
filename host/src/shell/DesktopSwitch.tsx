import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toHref } from '@topup/shared/store';
import { isWideWindow, WIDE_WINDOW_QUERY } from '../federation/route-page';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia(WIDE_WINDOW_QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

function useWideWindow(): boolean {
  return useSyncExternalStore(subscribe, isWideWindow, () => false);
}

/**
 * The phone page of `/`, rendered only on a phone-sized window: on a wide one the DesktopSwitch is
 * about to replace it, so its remote is never even fetched there.
 */
export function PhoneOnly({ children }: { readonly children: ReactNode }) {
  return useWideWindow() ? null : children;
}

/** At widths of 1000 px and more (spec §9) the mobile page `/` gives way to the pay centre, same game. */
export function DesktopSwitch() {
  const wide = useWideWindow();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!wide || pathname !== '/') return;
    const query = new URLSearchParams(search);
    navigate(toHref('/pcIndex', { game_id: query.get('game_id'), area: query.get('area'), from: query.get('from') }), { replace: true });
  }, [wide, pathname, search, navigate]);
  return null;
}
