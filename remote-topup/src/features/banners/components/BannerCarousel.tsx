import { lazy, Suspense } from 'react';
import type { Banner } from '@topup/shared';
import { QuietBoundary } from '../../../lib/QuietBoundary';
import { FirstBanner } from './FirstBanner';

// Swiper is fetched only when a game has banners, so a page without them never pays for it.
const SwiperCarousel = lazy(() => import('./SwiperCarousel'));

/** The optional banner carousel; the space is held while banners load so nothing jumps. */
export function BannerCarousel({ banners }: { readonly banners: readonly Banner[] | null }) {
  if (banners !== null && banners.length === 0) return null;
  const placeholder = <div className="tp-banner tp-banner--placeholder" aria-hidden="true" />;
  if (banners === null) return placeholder;
  return (
    <QuietBoundary>
      <Suspense fallback={<FirstBanner banners={banners} />}>
        <SwiperCarousel banners={banners} />
      </Suspense>
    </QuietBoundary>
  );
}
