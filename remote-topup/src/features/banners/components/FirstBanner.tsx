import type { Banner } from '@topup/shared';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

/**
 * The first slide as a plain image, shown the moment banners arrive while the carousel's code
 * loads: the page's largest image does not wait for Swiper (same box, so nothing moves).
 */
export function FirstBanner({ banners }: { readonly banners: readonly Banner[] }) {
  const { t } = useTopUpTranslation();
  const first = banners[0];
  if (!first) return null;
  return (
    <section className="tp-banner" aria-label={t('banner.label')}>
      <a className="tp-banner__link" href={first.url}>
        <img
          src={first.slideshow_url}
          alt={t('banner.slide', { index: 1, total: banners.length })}
          width={750}
          height={300}
          fetchPriority="high"
        />
      </a>
    </section>
  );
}
