import { CHECKOUT_NAMESPACE, methodPriceText, type SubmitStep } from '@topup/shared/checkout';
import { AgreementCheckbox, PayMethodList, PriceChangeNotice, PurchaseLimitNote, ReceiptEmailField, SecureCheckoutNote, useLimitReachedLabel, useMethodFeeLabel } from '@topup/shared/checkout-ui';
import { formatPrice } from '@topup/shared/rules';
import type { Bundle, PayType } from '@topup/shared/types';
import { SpinnerIcon } from '@topup/shared/ui';
import { LockIcon } from '../../../lib/icons';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import { DiscountCodeField } from './DiscountCodeField';

interface Props {
  readonly area: string;
  readonly bundle: Bundle | null;
  readonly payTypes: readonly PayType[];
  /** The submit step: the code, the pay method, the receipt address, the agreement and Pay. */
  readonly step: SubmitStep;
  /** Who takes the payment, for the secure-checkout note. */
  readonly payProvider?: string;
  /** The store confirmed the character: until then there is nothing to pay for. */
  readonly payable: boolean;
  /** Leaves the bundle whose price changed without paying: the shelf beside is there to choose another. */
  readonly onChooseAnother: () => void;
}

/** The order beside the bundles: the bundle, the code, the pay method, the agreement and Pay. */
export function OrderSummary(props: Props) {
  const { t } = usePcTranslation();
  const { area, bundle, step } = props;
  const { discount, payMethod, agreement, placing, total } = step;
  const applied = discount.applied;
  const feeLabel = useMethodFeeLabel();
  const limitLabel = useLimitReachedLabel();
  const fee = step.methodFee;
  const methodName = props.payTypes.find((type) => type.pay_type === payMethod.chosen)?.name ?? '';
  const blocked = placing || !props.payable || step.limitReached;
  return (
    <aside className="pc-order pc-panel" aria-labelledby="pc-order-title">
      <h2 className="pc-order__title" id="pc-order-title">
        {t('order.title')}
      </h2>
      {bundle ? (
        <div className="pc-order__bundle" data-testid="order-bundle">
          <img src={bundle.product_file_url} alt="" width={56} height={56} />
          <div>
            <p className="pc-order__bundle-name">{bundle.product_name}</p>
            <p className="pc-muted">{bundle.type}</p>
          </div>
        </div>
      ) : (
        <p className="pc-order__empty">{t('order.noBundle')}</p>
      )}
      <DiscountCodeField discount={discount} area={area} />
      <PayMethodList prefix="pc" methods={props.payTypes} chosen={payMethod.chosen} onChoose={payMethod.choose} priceOf={bundle ? (method) => methodPriceText(bundle.amount, method.price_percent, area) : undefined} />
      {bundle ? (
        <dl className="pc-order__lines">
          <div>
            <dt>{t('order.price')}</dt>
            <dd>{formatPrice(bundle.amount, area)}</dd>
          </div>
          {fee ? (
            // The method's fee (or saving) as its own line, never folded into the bundle's price.
            <div data-testid="order-fee">
              <dt>{feeLabel(fee, methodName)}</dt>
              <dd>
                {Number(fee) > 0 ? '+' : '−'}
                {formatPrice(String(Math.abs(Number(fee))), area)}
              </dd>
            </div>
          ) : null}
          {applied ? (
            <div className="pc-order__saving">
              <dt>{t('order.discount', { code: applied.discount_code })}</dt>
              <dd>−{formatPrice(applied.discount_amount, area)}</dd>
            </div>
          ) : null}
          <div className="pc-order__total">
            <dt>{t('order.total')}</dt>
            <dd data-testid="order-total">{formatPrice(total, area)}</dd>
          </div>
        </dl>
      ) : null}
      {bundle && step.priceChange ? (
        <PriceChangeNotice
          prefix="pc"
          area={area}
          change={step.priceChange}
          back={
            <button type="button" className="pc-button pc-button--secondary" onClick={props.onChooseAnother}>
              {t('order.chooseAnother')}
            </button>
          }
        />
      ) : null}
      {bundle && step.limitReached ? <PurchaseLimitNote prefix="pc" progress={bundle.role_buy_limit_progress} /> : null}
      <ReceiptEmailField prefix="pc" receipt={step.receipt} />
      <AgreementCheckbox
        prefix="pc"
        agreed={agreement.agreed}
        onChange={agreement.agree}
        error={agreement.missing ? t('validation.agreeProtocol', { ns: CHECKOUT_NAMESPACE }) : null}
      />
      {/* Not disabled while the order is placed: the button keeps the focus (a second press is ignored). */}
      <button
        type="button"
        className="pc-button pc-button--primary pc-button--block pc-button--large"
        aria-disabled={blocked || undefined}
        aria-describedby={bundle && step.limitReached ? 'pc-limit-note' : undefined}
        data-testid="pay-button"
        onClick={() => {
          if (!blocked) void step.pay();
        }}
      >
        {placing ? <SpinnerIcon /> : <LockIcon />}
        {placing ? t('order.paying') : !bundle ? t('order.payNowEmpty') : step.limitReached ? limitLabel : t('order.payNow', { amount: formatPrice(total, area) })}
      </button>
      <p className="pc-muted pc-order__note">{t('order.delivery')}</p>
      <SecureCheckoutNote prefix="pc" provider={props.payProvider} />
    </aside>
  );
}
