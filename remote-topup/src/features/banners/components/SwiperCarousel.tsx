import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay, Pagination } from 'swiper/modules';
import { BANNER_AUTOPLAY_MS, type Banner } from '@topup/shared';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import 'swiper/swiper.css';

function isOtherSite(url: string): boolean {
  try {
    return new URL(url, window.location.href).origin !== window.location.origin;
  } catch {
    return false;
  }
}

/** Slides that change every 3000 ms (spec §9); each image links to its url. */
export default function SwiperCarousel({ banners }: { readonly banners: readonly Banner[] }) {
  const { t } = useTopUpTranslation();
  const total = banners.length;
  return (
    <section className="tp-banner" aria-label={t('banner.label')} aria-roledescription="carousel">
      <Swiper
        modules={[Autoplay, Pagination, A11y]}
        autoplay={total > 1 ? { delay: BANNER_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true } : false}
        rewind={total > 1}
        pagination={{ clickable: true }}
        a11y={{ enabled: true }}
        spaceBetween={0}
      >
        {banners.map((banner, index) => {
          const label = t('banner.slide', { index: index + 1, total });
          const external = isOtherSite(banner.url);
          return (
            <SwiperSlide key={`${banner.slideshow_url}-${index}`}>
              <a
                className="tp-banner__link"
                href={banner.url}
                {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                data-testid="banner-slide"
              >
                <img src={banner.slideshow_url} alt={label} width={750} height={300} loading={index === 0 ? 'eager' : 'lazy'} />
              </a>
            </SwiperSlide>
          );
        })}
      </Swiper>
    </section>
  );
}
