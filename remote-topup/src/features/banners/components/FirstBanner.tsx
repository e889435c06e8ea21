import { useEffect, useRef } from 'react';
import type { Banner } from '@topup/shared/types';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { bannerLinkProps } from '../lib/link-target';

interface Props {
  readonly banners: readonly Banner[];
  /** Called once the slide's image has loaded (or failed): the carousel may take over after it. */
  readonly onShown?: () => void;
  /** Called when the player reaches for the banner with a finger or a pointer (to swipe it). */
  readonly onReach?: () => void;
}

/**
 * The first slide as a plain image: shown the moment banners arrive, before the carousel's code.
 * It is the page's largest image, so it never waits for Swiper; the carousel's first slide has the
 * same box, so nothing moves when it takes over.
 */
export function FirstBanner({ banners, onShown, onReach }: Props) {
  const { t } = useTopUpTranslation();
  const image = useRef<HTMLImageElement>(null);
  const first = banners[0];
  useEffect(() => {
    if (image.current?.complete) onShown?.();
  }, [onShown]);
  if (!first) return null;
  return (
    <section className="tp-banner" aria-label={t('banner.label')} onPointerEnter={onReach} onTouchStart={onReach}>
      <a className="tp-banner__link" href={first.url} {...bannerLinkProps(first.url)} data-testid="banner-slide">
        <img
          ref={image}
          src={first.slideshow_url}
          alt={first.title || t('banner.slide', { index: 1, total: banners.length })}
          width={750}
          height={300}
          fetchPriority="high"
          onLoad={onShown}
          onError={onShown}
        />
      </a>
    </section>
  );
}
