import { useEffect, useState, type FocusEvent } from 'react';
import { BANNER_AUTOPLAY_MS } from '@topup/shared/rules';
import type { Banner } from '@topup/shared/types';
import { ChevronIcon, PauseIcon, PlayIcon } from '../../lib/icons';
import { usePcTranslation } from '../../lib/use-pc-translation';
import './banner-carousel.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;

/**
 * The pay centre's offers: one slide at a time, the next every 3000 ms (spec §9). The player can
 * stop and restart the rotation (WCAG 2.2.2); it does not start for a player who asks for reduced
 * motion, and waits while the pointer or the keyboard is on it. Each slide links to its url; the
 * slides not shown are out of reach of the keyboard and of screen readers.
 */
export function BannerCarousel({ banners }: { readonly banners: readonly Banner[] | null }) {
  const { t } = usePcTranslation();
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useState(prefersReducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const count = banners?.length ?? 0;
  const rotating = count > 1 && !stopped && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return undefined;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  if (banners === null) return <div className="pc-banner pc-skeleton" aria-hidden="true" />;
  if (count === 0) return null;
  const shown = index % count;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const leaveFocus = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };
  return (
    <section
      className="pc-banner"
      aria-roledescription={t('banner.carousel')}
      aria-label={t('banner.label')}
      data-rotating={rotating}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={leaveFocus}
    >
      {/* Announces the slide the player moved to; silent while the slides turn by themselves. */}
      <div className="pc-banner__track" style={{ transform: `translateX(-${shown * 100}%)` }} aria-live={rotating ? 'off' : 'polite'}>
        {banners.map((banner, i) => (
          <a
            key={`${banner.slideshow_url}-${i}`}
            className="pc-banner__slide"
            href={banner.url}
            aria-roledescription={t('banner.slideRole')}
            aria-label={[t('banner.slide', { index: i + 1, total: count }), banner.title].filter(Boolean).join(': ')}
            inert={i !== shown}
            data-shown={i === shown}
          >
            <img src={banner.slideshow_url} alt="" width={1200} height={360} />
          </a>
        ))}
      </div>
      {count > 1 ? (
        <>
          <button type="button" className="pc-banner__arrow pc-banner__arrow--prev" aria-label={t('banner.previous')} onClick={() => go(-1)}>
            <ChevronIcon direction="left" />
          </button>
          <button type="button" className="pc-banner__arrow pc-banner__arrow--next" aria-label={t('banner.next')} onClick={() => go(1)}>
            <ChevronIcon />
          </button>
          <div className="pc-banner__controls">
            <button
              type="button"
              className="pc-banner__play"
              aria-label={stopped ? t('banner.play') : t('banner.pause')}
              data-testid="banner-play"
              onClick={() => setStopped((value) => !value)}
            >
              {stopped ? <PlayIcon /> : <PauseIcon />}
            </button>
            {banners.map((banner, i) => (
              <button
                key={`${banner.slideshow_url}-dot-${i}`}
                type="button"
                className="pc-banner__dot"
                aria-label={t('banner.slide', { index: i + 1, total: count })}
                aria-current={i === shown}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
