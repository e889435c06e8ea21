import { useEffect, useState } from 'react';
import { BANNER_AUTOPLAY_MS } from '@topup/shared/rules';
import type { Banner } from '@topup/shared/types';
import { ChevronIcon } from '../../lib/icons';
import { usePcTranslation } from '../../lib/use-pc-translation';
import './banner-carousel.css';

/**
 * The pay centre's offers: one slide at a time, the next every 3000 ms (spec §9), paused while
 * the pointer or the keyboard is on it. Each slide links to its url.
 */
export function BannerCarousel({ banners }: { readonly banners: readonly Banner[] | null }) {
  const { t } = usePcTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = banners?.length ?? 0;

  useEffect(() => {
    if (count < 2 || paused) return undefined;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), BANNER_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [count, paused]);

  if (banners === null) return <div className="pc-banner pc-skeleton" aria-hidden="true" />;
  if (count === 0) return null;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  return (
    <section
      className="pc-banner"
      aria-roledescription="carousel"
      aria-label={t('banner.label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="pc-banner__track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {banners.map((banner, i) => (
          <a
            key={`${banner.slideshow_url}-${i}`}
            className="pc-banner__slide"
            href={banner.url}
            aria-roledescription="slide"
            aria-label={[t('banner.slide', { index: i + 1, total: count }), banner.title].filter(Boolean).join(': ')}
            aria-hidden={i !== index}
            tabIndex={i === index ? 0 : -1}
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
          <div className="pc-banner__dots">
            {banners.map((banner, i) => (
              <button
                key={`${banner.slideshow_url}-dot-${i}`}
                type="button"
                className="pc-banner__dot"
                aria-label={t('banner.slide', { index: i + 1, total: count })}
                aria-current={i === index}
                onClick={() => setIndex(i)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}
