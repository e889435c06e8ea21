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
// "My orders by character" (decision 311): inside the pay centre's panel, and on the phone's My orders page.
export { LinkedOrders, type LinkedOrdersClasses, type LinkedOrdersProps } from './linked-character/LinkedOrders';
export { LinkedCharactersOrders, type LinkedCharactersOrdersProps } from './linked-character/LinkedCharactersOrders';
// The post-purchase offer's card and words (decision 307), shared by the storefronts' offer chunks (a result page's part, never `#/`'s).
export { PurchaseOfferCard, type PurchaseOfferCardProps } from './purchase-offer/PurchaseOfferCard';
