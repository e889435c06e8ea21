import { type Bundle } from '@topup/shared/types';
import { bundleSubtitle } from '@topup/shared/rules';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { BundleCard } from '../../bundles/components/BundleCard';
import type { ProductOffer } from '../hooks/use-product-offer';

interface Props {
  readonly offer: Exclude<ProductOffer, { status: 'missing' }>;
  readonly area: string;
  readonly onBuy: (bundle: Bundle) => void;
  readonly onRetry: () => void;
}

/**
 * The bundle as the 'Bundle Details' dialog shows it (BundleCard in detail mode: image, name, tag,
 * description, limit, price), with its list-mode offer text (first-buy or normal) beneath.
 */
export function ProductOfferCard({ offer, area, onBuy, onRetry }: Props) {
  const { t } = useTopUpTranslation();
  const offerText = offer.status === 'ready' ? bundleSubtitle(offer.bundle, false) : '';
  return (
    <section className="tp-card tp-product" aria-labelledby="tp-product-title" aria-busy={offer.status === 'loading'}>
      <h2 className="tp-card__title" id="tp-product-title">
        {t('productPage.title')}
      </h2>
      {offer.status === 'loading' ? (
        <>
          <p className="visually-hidden" role="status">
            {t('product.loading')}
          </p>
          {/* The detail card's boxes (its picture, its words and price, a line of offer), so the character below stays put. */}
          <div className="tp-product-skeleton" aria-hidden="true">
            <div />
            <div />
            <div />
          </div>
        </>
      ) : offer.status === 'failed' ? (
        <div className="tp-product-failed" role="alert">
          <p>{t('product.failed')}</p>
          <button type="button" className="tp-button tp-button--primary" onClick={onRetry}>
            {t('common:action.retry')}
          </button>
        </div>
      ) : (
        <>
          <BundleCard bundle={offer.bundle} area={area} detailMode onBuy={onBuy} />
          {offerText && offerText !== offer.bundle.product_content ? (
            <p className="tp-product__offer" data-testid="product-offer">
              {offerText}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
