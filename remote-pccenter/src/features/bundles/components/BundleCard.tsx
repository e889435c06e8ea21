import { bundleSubtitle, bundleTag, CheckIcon, formatPrice, hasBundleDescription, previewImage, type Bundle } from '@topup/shared';
import { InfoIcon } from '../../../lib/icons';
import { usePcTranslation } from '../../../lib/use-pc-translation';

interface Props {
  readonly bundle: Bundle;
  /** The area decides the currency symbol (₩ in kr, $ elsewhere). */
  readonly area: string;
  readonly chosen?: boolean;
  /** Inside 'Bundle Details': the description is the subtitle and the picture enlarges. */
  readonly detailMode?: boolean;
  readonly onChoose: (bundle: Bundle) => void;
  readonly onOpenDetails?: (bundle: Bundle) => void;
}

/** The product card of spec §2/§3 for a desktop: the mobile card's rules, chosen with a click. */
export function BundleCard({ bundle, area, chosen = false, detailMode = false, onChoose, onOpenDetails }: Props) {
  const { t } = usePcTranslation();
  const name = bundle.product_name;
  const price = formatPrice(bundle.amount, area);
  const tag = bundleTag(bundle);
  const subtitle = bundleSubtitle(bundle, detailMode);
  const openDetails = () => {
    // Spec §2: the picture and the info icon open the description only outside detail mode.
    if (!detailMode) onOpenDetails?.(bundle);
  };
  const classes = ['pc-bundle', chosen ? 'pc-bundle--chosen' : '', detailMode ? 'pc-bundle--detail' : ''].filter(Boolean).join(' ');
  return (
    <article className={classes} data-product-id={bundle.product_id} data-first-buy={bundle.first_buy} aria-current={chosen || undefined}>
      {tag ? (
        <span className={`pc-bundle__tag${Number(bundle.first_buy) === 1 ? ' pc-bundle__tag--first' : ''}`} data-testid="bundle-tag">
          {tag}
        </span>
      ) : null}
      {chosen ? (
        <span className="pc-bundle__chosen" aria-label={t('bundle.chosen')}>
          <CheckIcon />
        </span>
      ) : null}
      <button
        type="button"
        className="pc-bundle__image"
        aria-label={detailMode ? t('bundle.enlarge', { name }) : t('bundle.detailsOf', { name })}
        onClick={detailMode ? () => void previewImage(bundle.product_file_url, name) : openDetails}
      >
        <img src={bundle.product_file_url} alt="" width={160} height={160} loading="lazy" decoding="async" />
      </button>
      <div className="pc-bundle__body">
        <h3 className="pc-bundle__name">
          <span>{name}</span>
          {!detailMode && hasBundleDescription(bundle) ? (
            <button type="button" className="pc-bundle__info" aria-label={t('bundle.detailsOf', { name })} onClick={openDetails}>
              <InfoIcon />
            </button>
          ) : null}
        </h3>
        {subtitle ? (
          <p className="pc-bundle__subtitle" data-testid="bundle-subtitle">
            {subtitle}
          </p>
        ) : null}
        {bundle.role_buy_limit_progress ? (
          <p className="pc-bundle__limit" data-testid="bundle-limit">
            {t('bundle.limit', { progress: bundle.role_buy_limit_progress })}
          </p>
        ) : null}
        <button type="button" className="pc-price" aria-pressed={detailMode ? undefined : chosen} aria-label={t('bundle.choose', { name, price })} onClick={() => onChoose(bundle)}>
          {price}
        </button>
      </div>
    </article>
  );
}
