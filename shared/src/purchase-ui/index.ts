/** The shelf's markup both storefronts share: each passes its class prefix and keeps its CSS. */
import './purchase-ui-strings';

export { PURCHASE_UI_NAMESPACE } from './purchase-ui-strings';
export { BundleCard, type BundleCardProps } from './BundleCard';
export { openBundleDetails } from './open-bundle-details';
export { hasRecentCharacters, loadRecentCharacters } from './recent-characters-key';
export type { RecentCharacter, RecentCharacterTarget } from './RecentCharacters.lazy';
