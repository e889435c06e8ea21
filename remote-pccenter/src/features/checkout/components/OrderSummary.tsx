import { CHECKOUT_NAMESPACE, methodAmount, methodPriceText, type DiscountCode, type ReceiptEmail } from '@topup/shared/checkout';
import { AgreementCheckbox, PayMethodList, ReceiptEmailField, SecureCheckoutNote } from '@topup/shared/checkout-ui';
import { formatPrice } from '@topup/shared/rules';
import type { Bundle, PayType } from '@topup/shared/types';
import { SpinnerIcon } from '@topup/shared/ui';
import { LockIcon } from '../../../lib/icons';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import { DiscountCodeField } from './DiscountCodeField';

interface Props {
  readonly area: string;
  readonly bundle: Bundle | null;
  readonly discount: DiscountCode;
  readonly payTypes: readonly PayType[];
  readonly payType: string;
  readonly onPayType: (payType: string) => void;
  readonly agreed: boolean;
  readonly onAgree: (agreed: boolean) => void;
  /** Pay was pressed before the agreement was ticked. */
  readonly agreementMissing: boolean;
  /** The optional address the receipt is e-mailed to. */
  readonly receipt: ReceiptEmail;
  readonly placing: boolean;
  /** Who takes the payment, for the secure-checkout note. */
  readonly payProvider?: string;
  /** The store confirmed the character: until then there is nothing to pay for. */
  readonly payable: boolean;
  readonly onPay: () => void;
}

/** The order beside the bundles: the bundle, the code, the pay method, the agreement and Pay. */
export function OrderSummary(props: Props) {
  const { t } = usePcTranslation();
  const { area, bundle, discount } = props;
  const applied = discount.applied;
  // A method that costs another amount: its price (what the server charges for it), before any code.
  const methodPercent = props.payTypes.find((type) => type.pay_type === props.payType)?.price_percent ?? 0;
  const total = applied ? applied.amount : bundle ? methodAmount(bundle.amount, methodPercent, area) : '';
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
      <PayMethodList prefix="pc" methods={props.payTypes} chosen={props.payType} onChoose={props.onPayType} priceOf={bundle ? (method) => methodPriceText(bundle.amount, method.price_percent, area) : undefined} />
      {bundle ? (
        <dl className="pc-order__lines">
          <div>
            <dt>{t('order.price')}</dt>
            <dd>{formatPrice(applied ? applied.list_amount : methodAmount(bundle.amount, methodPercent, area), area)}</dd>
          </div>
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
      <ReceiptEmailField prefix="pc" receipt={props.receipt} />
      <AgreementCheckbox
        prefix="pc"
        agreed={props.agreed}
        onChange={props.onAgree}
        error={props.agreementMissing && !props.agreed ? t('validation.agreeProtocol', { ns: CHECKOUT_NAMESPACE }) : null}
      />
      {/* Not disabled while the order is placed: the button keeps the focus (a second press is ignored). */}
      <button
        type="button"
        className="pc-button pc-button--primary pc-button--block pc-button--large"
        aria-disabled={props.placing || !props.payable || undefined}
        data-testid="pay-button"
        onClick={() => {
          if (!props.placing && props.payable) props.onPay();
        }}
      >
        {props.placing ? <SpinnerIcon /> : <LockIcon />}
        {props.placing ? t('order.paying') : bundle ? t('order.payNow', { amount: formatPrice(total, area) }) : t('order.payNowEmpty')}
      </button>
      <p className="pc-muted pc-order__note">{t('order.delivery')}</p>
      <SecureCheckoutNote prefix="pc" provider={props.payProvider} />
    </aside>
  );
}
