import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { type Banner } from '@topup/shared/types';
import { BANNER_AUTOPLAY_MS } from '@topup/shared/rules';
import { QuietBoundary } from '../../../lib/QuietBoundary';
import { FirstBanner } from './FirstBanner';

// Swiper is fetched only for a game with two banners or more, and only when the first slide change
// is near (or the player reaches for the banner): on a phone its code and set-up cost more than the
// rest of the page's first render, and the first slide (the page's largest image) never waits for it.
const SwiperCarousel = lazy(() => import('./SwiperCarousel'));

/** How long before the first slide change the carousel's code is fetched and set up. */
export const CAROUSEL_LEAD_MS = 1000;

/** The optional banner carousel; the space is held while banners load so nothing jumps. */
export function BannerCarousel({ banners }: { readonly banners: readonly Banner[] | null }) {
  const [shownAt, setShownAt] = useState<number | null>(null);
  const [carousel, setCarousel] = useState(false);
  const startCarousel = useCallback(() => setCarousel(true), []);
  const markShown = useCallback(() => setShownAt((at) => at ?? performance.now()), []);
  const slides = banners?.length ?? 0;

  // The carousel takes over a little before the first slide change is due (every
  // BANNER_AUTOPLAY_MS, counted from when the first slide appeared). A single banner never needs it.
  useEffect(() => {
    if (shownAt === null || carousel || slides < 2) return undefined;
    const wait = Math.max(0, shownAt + BANNER_AUTOPLAY_MS - CAROUSEL_LEAD_MS - performance.now());
    const timer = window.setTimeout(startCarousel, wait);
    return () => window.clearTimeout(timer);
  }, [shownAt, carousel, slides, startCarousel]);

  if (banners !== null && banners.length === 0) return null;
  if (banners === null) return <div className="tp-banner tp-banner--placeholder" aria-hidden="true" />;
  const first = <FirstBanner banners={banners} onShown={markShown} onReach={slides > 1 ? startCarousel : undefined} />;
  if (!carousel) return first;
  return (
    <QuietBoundary fallback={first}>
      <Suspense fallback={first}>
        <SwiperCarousel banners={banners} firstShownAt={shownAt ?? performance.now()} />
      </Suspense>
    </QuietBoundary>
  );
}
