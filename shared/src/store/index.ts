/**
 * `@topup/shared/store`: what one page holds once: the zustand store, local storage, the i18next
 * instance and the navigation helpers. The host imports it first, so every remote gets this instance
 * (docs/decisions/015-shared-parts.md).
 */
export { store, useAppStore, DEFAULT_CUSTOMER_SERVICE_URL } from './store';
export type { Store, StoreState, StoreUser, StoreActions } from './store-state';
export { localStore, type StorageKey } from './local-storage';
export { i18n, initI18n, addStrings, type Strings } from './i18n/i18n';
export { useStoreNavigate, toHref, type QueryValues } from './navigation/use-store-navigate';
export { changeLocale } from './change-locale';
