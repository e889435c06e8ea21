import { useTranslation } from 'react-i18next';
import { bundleSubtitle, bundleTag, formatPrice, hasBundleDescription } from '@topup/shared/rules';
import type { Bundle } from '@topup/shared/types';
import { CheckIcon, previewImage } from '@topup/shared/ui';
import { InfoIcon } from './icons';
import { PURCHASE_UI_NAMESPACE } from './purchase-ui-strings';

export interface BundleCardProps {
  readonly bundle: Bundle;
  /** The page's area: it decides the currency symbol (₩ in kr, $ elsewhere). */
  readonly area: string;
  /** The storefront's class prefix (`tp` on the phone, `pc` in the pay centre): each keeps its CSS. */
  readonly prefix: string;
  /** `buy`: the price button starts the purchase (phone); `choose`: it picks the bundle for the order beside the grid (desktop). */
  readonly action: 'buy' | 'choose';
  /** The bundle picked for the order (desktop). */
  readonly chosen?: boolean;
  /** Inside the 'Bundle Details' dialog: the description is the subtitle and the image enlarges. */
  readonly detailMode?: boolean;
  readonly onPress: (bundle: Bundle) => void;
  readonly onOpenDetails?: (bundle: Bundle) => void;
}

/** The product card of spec §2/§3, the same rules and markup in both storefronts. */
export function BundleCard({ bundle, area, prefix, action, chosen = false, detailMode = false, onPress, onOpenDetails }: BundleCardProps) {
  const { t } = useTranslation(PURCHASE_UI_NAMESPACE);
  const name = bundle.product_name;
  const price = formatPrice(bundle.amount, area);
  const tag = bundleTag(bundle);
  const subtitle = bundleSubtitle(bundle, detailMode);
  const soldOut = bundle.role_buy_limit > 0 && bundle.role_buy_count >= bundle.role_buy_limit;
  const block = `${prefix}-bundle`;
  const openDetails = () => {
    // Spec §2: the image and the info icon open the description only outside detail mode.
    if (!detailMode) onOpenDetails?.(bundle);
  };
  const infoButton = !detailMode && hasBundleDescription(bundle);
  const classes = [block, chosen ? `${block}--chosen` : '', detailMode ? `${block}--detail` : ''].filter(Boolean).join(' ');
  return (
    <article className={classes} data-product-id={bundle.product_id} data-first-buy={bundle.first_buy} aria-current={chosen || undefined}>
      {tag ? (
        <span className={`${block}__tag${Number(bundle.first_buy) === 1 ? ` ${block}__tag--first` : ''}`} data-testid="bundle-tag">
          {tag}
        </span>
      ) : null}
      {chosen ? (
        <span className={`${block}__chosen`}>
          <CheckIcon />
          <span className="visually-hidden">{t('bundle.chosen')}</span>
        </span>
      ) : null}
      <button
        type="button"
        className={`${block}__image`}
        aria-label={detailMode ? t('bundle.enlarge', { name }) : t('bundle.detailsOf', { name })}
        // With an info icon the picture is a larger target for the same action: one name for the keyboard and screen readers.
        {...(infoButton ? { tabIndex: -1, 'aria-hidden': true } : {})}
        onClick={detailMode ? () => void previewImage(bundle.product_file_url, name) : openDetails}
      >
        {/* One card alone (the product page, the details dialog) shows its picture at once: it is the page's largest. */}
        <img src={bundle.product_file_url} alt="" width={160} height={160} loading={detailMode ? 'eager' : 'lazy'} decoding="async" />
      </button>
      <div className={`${block}__body`}>
        <h3 className={`${block}__name`}>
          <span>{name}</span>
          {infoButton ? (
            <button type="button" className={`${block}__info`} aria-label={t('bundle.detailsOf', { name })} onClick={openDetails}>
              <InfoIcon />
            </button>
          ) : null}
        </h3>
        {subtitle ? (
          <p className={`${block}__subtitle`} data-testid="bundle-subtitle">
            {subtitle}
          </p>
        ) : null}
        {bundle.role_buy_limit_progress ? (
          <p className={`${block}__limit`} data-testid="bundle-limit">
            {t('bundle.limit', { progress: bundle.role_buy_limit_progress })}
          </p>
        ) : null}
        {soldOut ? (
          // The character bought it as often as it may: the reason instead of the price, nothing to press,
          // yet reachable with Tab so that a screen reader hears why (aria-disabled, not disabled).
          <button type="button" className={`${prefix}-price`} aria-disabled="true" data-testid="bundle-sold-out">
            {t('bundle.soldOut')}
          </button>
        ) : (
          <button
            type="button"
            className={`${prefix}-price`}
            aria-pressed={action === 'choose' && !detailMode ? chosen : undefined}
            aria-label={t(action === 'buy' ? 'bundle.buy' : 'bundle.choose', { name, price })}
            onClick={() => onPress(bundle)}
          >
            {price}
          </button>
        )}
      </div>
    </article>
  );
}
