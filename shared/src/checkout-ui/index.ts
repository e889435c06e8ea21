/** The checkout markup both storefronts share: each passes its class prefix and keeps its CSS. */
import './checkout-ui-strings';

export { CHECKOUT_UI_NAMESPACE } from './checkout-ui-strings';
export { AgreementCheckbox } from './AgreementCheckbox';
export { PayMethodList } from './PayMethodList';
export { SecureCheckoutNote } from './SecureCheckoutNote';
export { ReceiptEmailField } from './ReceiptEmailField';
export { OrderItems, useOrderItemsTitle } from './OrderItems';
export { PriceChangeNotice, PurchaseLimitNote, useLimitReachedLabel, useMethodFeeLabel } from './PriceChangeNotice';
