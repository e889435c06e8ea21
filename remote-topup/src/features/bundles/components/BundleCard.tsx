import { bundleSubtitle, bundleTag, formatPrice, hasBundleDescription, previewImage, type Bundle } from '@topup/shared';
import { InfoIcon } from '../../../lib/icons';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  readonly bundle: Bundle;
  /** The page's area: it decides the currency symbol (₩ in kr, $ elsewhere). */
  readonly area: string;
  /** Inside the 'Bundle Details' dialog: the description is the subtitle and the image enlarges. */
  readonly detailMode?: boolean;
  readonly onBuy: (bundle: Bundle) => void;
  readonly onOpenDetails?: (bundle: Bundle) => void;
}

/** The product card of spec §2/§3. */
export function BundleCard({ bundle, area, detailMode = false, onBuy, onOpenDetails }: Props) {
  const { t } = useTopUpTranslation();
  const name = bundle.product_name;
  const price = formatPrice(bundle.amount, area);
  const tag = bundleTag(bundle);
  const subtitle = bundleSubtitle(bundle, detailMode);
  const openDetails = () => {
    // Spec §2: the image and the info icon open the description only outside detail mode.
    if (!detailMode) onOpenDetails?.(bundle);
  };
  return (
    <article className={`tp-bundle${detailMode ? ' tp-bundle--detail' : ''}`} data-product-id={bundle.product_id} data-first-buy={bundle.first_buy}>
      {tag ? (
        <span className={`tp-bundle__tag${Number(bundle.first_buy) === 1 ? ' tp-bundle__tag--first' : ''}`} data-testid="bundle-tag">
          {tag}
        </span>
      ) : null}
      <button
        type="button"
        className="tp-bundle__image"
        aria-label={detailMode ? t('bundle.enlarge', { name }) : t('bundle.detailsOf', { name })}
        onClick={detailMode ? () => void previewImage(bundle.product_file_url, name) : openDetails}
      >
        <img src={bundle.product_file_url} alt="" width={160} height={160} loading="lazy" decoding="async" />
      </button>
      <div className="tp-bundle__body">
        <h3 className="tp-bundle__name">
          <span>{name}</span>
          {!detailMode && hasBundleDescription(bundle) ? (
            <button type="button" className="tp-bundle__info" aria-label={t('bundle.detailsOf', { name })} onClick={openDetails}>
              <InfoIcon />
            </button>
          ) : null}
        </h3>
        {subtitle ? (
          <p className="tp-bundle__subtitle" data-testid="bundle-subtitle">
            {subtitle}
          </p>
        ) : null}
        {bundle.role_buy_limit_progress ? (
          <p className="tp-bundle__limit" data-testid="bundle-limit">
            {t('bundle.limit', { progress: bundle.role_buy_limit_progress })}
          </p>
        ) : null}
        <button type="button" className="tp-price" aria-label={t('bundle.buy', { name, price })} onClick={() => onBuy(bundle)}>
          {price}
        </button>
      </div>
    </article>
  );
}
