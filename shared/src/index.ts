/** The browser entry of @topup/shared: one instance per page, shared by host and remotes. */
export * from './contracts';
export * from './rules';
export * from './sign';
export { store, useAppStore, initialState, DEFAULT_CUSTOMER_SERVICE_URL } from './store/store';
export type { Store, StoreState, StoreUser, StoreActions } from './store/store-state';
export { localStore, STORAGE_KEYS, type StorageKey } from './store/local-storage';
export { i18n, initI18n, addStrings, type Strings } from './i18n/i18n';
export { COMMON_STRINGS } from './i18n/common-strings';
export { useStoreNavigate, toHref, isSameLocation, type QueryValues } from './navigation/use-store-navigate';
export * from './api';
export * from './ui';
export type * from './types';
export { PlaceholderPage } from './ui/placeholder-page';
export { renderStandalone } from './ui/standalone-root';
export { TERMS_PAGE_URL, PRIVACY_PAGE_URL } from './legal/legal-pages';
