import { useEffect, useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperInstance } from 'swiper/types';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { type Banner } from '@topup/shared/types';
import { BANNER_AUTOPLAY_MS } from '@topup/shared/rules';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { bannerLinkProps } from '../lib/link-target';
import '../banner-strings';
import 'swiper/swiper.css';

interface Props {
  readonly banners: readonly Banner[];
  /** When the first slide appeared (as a plain image, before this code): its time counts from then. */
  readonly firstShownAt?: number;
}

/** A player who asked the system for less motion gets still slides, changed only by hand. */
export const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * Slides that change every 3000 ms (spec §9); each image links to its url. WCAG 2.2.2: a visible
 * pause/play button, no autoplay under reduced motion, and no change while focus or a finger is
 * inside; slides out of view are out of reach of the keyboard and screen readers.
 */
export default function SwiperCarousel({ banners, firstShownAt }: Props) {
  const { t } = useTopUpTranslation();
  const total = banners.length;
  const moves = total > 1;
  // What is left of the first slide's time; every later slide gets the full BANNER_AUTOPLAY_MS.
  const [firstSlideMs, setFirstSlideMs] = useState<number | null>(() =>
    firstShownAt === undefined ? null : Math.max(1, Math.round(BANNER_AUTOPLAY_MS - (performance.now() - firstShownAt))),
  );
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [focused, setFocused] = useState(false);
  const [touched, setTouched] = useState(false);
  const [active, setActive] = useState(0);
  const running = moves && playing && !focused && !touched;

  useEffect(() => {
    if (!swiper || swiper.destroyed || !swiper.autoplay) return;
    if (running && !swiper.autoplay.running) swiper.autoplay.start();
    if (!running && swiper.autoplay.running) swiper.autoplay.stop();
  }, [swiper, running]);

  return (
    <section
      className="tp-banner"
      aria-label={t('banner.label')}
      aria-roledescription="carousel"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onTouchStart={() => setTouched(true)}
      onTouchEnd={() => setTouched(false)}
      onTouchCancel={() => setTouched(false)}
    >
      <Swiper
        modules={[Autoplay, Pagination, A11y]}
        autoplay={moves ? { enabled: running, delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        rewind={moves}
        pagination={{ clickable: true, bulletElement: 'button' }}
        // Swiper fills in {{index}}: each dot is named like its slide, in the page's language.
        a11y={{ enabled: true, paginationBulletMessage: t('banner.slide', { index: '{{index}}', total }) }}
        spaceBetween={0}
        onSwiper={setSwiper}
        onSlideChange={(instance) => {
          setFirstSlideMs(null);
          setActive(instance.realIndex);
        }}
      >
        {banners.map((banner, index) => {
          const label = t('banner.slide', { index: index + 1, total });
          const shown = index === active;
          return (
            <SwiperSlide
              key={`${banner.slideshow_url}-${index}`}
              inert={!shown}
              aria-hidden={shown ? undefined : true}
              {...(index === 0 && firstSlideMs !== null ? { 'data-swiper-autoplay': String(firstSlideMs) } : {})}
            >
              <a className="tp-banner__link" href={banner.url} {...bannerLinkProps(banner.url)} data-testid="banner-slide">
                <img src={banner.slideshow_url} alt={banner.title || label} width={750} height={300} loading={index === 0 ? 'eager' : 'lazy'} />
              </a>
            </SwiperSlide>
          );
        })}
      </Swiper>
      {moves ? (
        <button
          type="button"
          className="tp-banner__toggle"
          aria-label={t(playing ? 'banner.pause' : 'banner.play')}
          data-testid="banner-toggle"
          onClick={() => {
            setPlaying((was) => !was);
            // Play is the player's own word: it outranks the hold of focus resting on this button.
            setFocused(false);
          }}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="currentColor">
            {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5.5v13l10.5-6.5z" />}
          </svg>
        </button>
      ) : null}
    </section>
  );
}
