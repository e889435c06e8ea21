import { useState } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { type Banner } from '@topup/shared/types';
import { BANNER_AUTOPLAY_MS } from '@topup/shared/rules';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { bannerLinkProps } from '../lib/link-target';
import 'swiper/swiper.css';

interface Props {
  readonly banners: readonly Banner[];
  /** When the first slide appeared (as a plain image, before this code): its time counts from then. */
  readonly firstShownAt?: number;
}

/** Slides that change every 3000 ms (spec §9); each image links to its url. */
export default function SwiperCarousel({ banners, firstShownAt }: Props) {
  const { t } = useTopUpTranslation();
  const total = banners.length;
  // What is left of the first slide's time; every later slide gets the full BANNER_AUTOPLAY_MS.
  const [firstSlideMs, setFirstSlideMs] = useState<number | null>(() =>
    firstShownAt === undefined ? null : Math.max(1, Math.round(BANNER_AUTOPLAY_MS - (performance.now() - firstShownAt))),
  );
  return (
    <section className="tp-banner" aria-label={t('banner.label')} aria-roledescription="carousel">
      <Swiper
        modules={[Autoplay, Pagination, A11y]}
        autoplay={total > 1 ? { delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        rewind={total > 1}
        pagination={{ clickable: true }}
        a11y={{ enabled: true }}
        spaceBetween={0}
        onSlideChange={() => setFirstSlideMs(null)}
      >
        {banners.map((banner, index) => {
          const label = t('banner.slide', { index: index + 1, total });
          return (
            <SwiperSlide
              key={`${banner.slideshow_url}-${index}`}
              {...(index === 0 && firstSlideMs !== null ? { 'data-swiper-autoplay': String(firstSlideMs) } : {})}
            >
              <a
                className="tp-banner__link"
                href={banner.url}
                {...bannerLinkProps(banner.url)}
                data-testid="banner-slide"
              >
                <img src={banner.slideshow_url} alt={banner.title || label} width={750} height={300} loading={index === 0 ? 'eager' : 'lazy'} />
              </a>
            </SwiperSlide>
          );
        })}
      </Swiper>
    </section>
  );
}
