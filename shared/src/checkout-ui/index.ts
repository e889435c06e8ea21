/** The checkout markup both storefronts share: each passes its class prefix and keeps its CSS. */
import './checkout-ui-strings';

export { CHECKOUT_UI_NAMESPACE } from './checkout-ui-strings';
export { AgreementCheckbox } from './AgreementCheckbox';
export { PayMethodList } from './PayMethodList';
export { SecureCheckoutNote } from './SecureCheckoutNote';
export { ReceiptEmailField } from './ReceiptEmailField';
export { OrderItems, useOrderItemsTitle } from './OrderItems';
export { PriceChangeNotice, PurchaseLimitNote, useLimitReachedLabel, useMethodFeeLabel } from './PriceChangeNotice';
// The linked character's panel (code from the game mail, daily gift, points): shown once a character is
// confirmed, a step before checkout, so it comes with this part, which the first load of `#/` never downloads.
export { LinkedCharacterPanel, type LinkedCharacterPanelProps, type LinkedPanelClasses } from './linked-character/LinkedCharacterPanel';
