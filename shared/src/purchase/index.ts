/**
 * The purchase core's first half, on every shelf page: choosing the server and identifying the
 * character. Headless hooks and rules, no markup; each storefront keeps only its layout and CSS.
 * Paying and following the order is the second half, `@topup/shared/checkout`, which only the
 * checkout pages load.
 */
import './purchase-strings';

export { PURCHASE_NAMESPACE, type PurchaseCheck } from './purchase-strings';
export { showPurchaseCheck } from './purchase-messages';
export { NOT_SEARCHED, roleConfirmationReducer, confirmedRole, type RoleConfirmation, type RoleConfirmationEvent } from './role-confirmation';
export { useServerChoice, type ServerChoice, type ServerChoiceOptions } from './use-server-choice';
export { useCharacterLookup, type CharacterLookup, type CharacterLookupOptions } from './use-character-lookup';
