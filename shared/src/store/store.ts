import { createStore, useStore as useZustandStore } from 'zustand';
import { DEFAULT_LOCALE } from '@topup/shared/rules';
import { INITIAL_USER, type Store, type StoreState } from './store-state';

/** The social-media page the customer-service link points to until the server answers (spec §9). */
export const DEFAULT_CUSTOMER_SERVICE_URL = '/assets/social/customer-service.html';

export function initialState(): StoreState {
  return {
    user: { ...INITIAL_USER },
    locale: DEFAULT_LOCALE,
    loginDialogVisible: false,
    agreement: { url: '', is_agree: false },
    guest: { account: '', password: '' },
    customerService: { url: DEFAULT_CUSTOMER_SERVICE_URL, visible: false },
    rebate: { url: '', popupVisible: false, popupShown: false },
    game: { state: '', version: '' },
    certNameFlag: false,
  };
}

/**
 * The one store of the page. `@topup/shared/store` is a federation singleton first imported by
 * the host, so host and every remote reach this same instance.
 */
export const store = createStore<Store>()((set) => ({
  ...initialState(),
  setUser: (patch) => set((s) => ({ user: { ...s.user, ...patch } })),
  setLocale: (locale) => set({ locale }),
  setLoginDialogVisible: (loginDialogVisible) => set({ loginDialogVisible }),
  setAgreement: (patch) => set((s) => ({ agreement: { ...s.agreement, ...patch } })),
  setGuest: (patch) => set((s) => ({ guest: { ...s.guest, ...patch } })),
  setCustomerService: (url) =>
    set(url ? { customerService: { url, visible: true } } : (s) => ({ customerService: { ...s.customerService, visible: false } })),
  hideCustomerService: () => set((s) => ({ customerService: { ...s.customerService, visible: false } })),
  setRebate: (patch) => set((s) => ({ rebate: { ...s.rebate, ...patch } })),
  setGame: (patch) => set((s) => ({ game: { ...s.game, ...patch } })),
  setCertNameFlag: (certNameFlag) => set({ certNameFlag }),
}));

/** React hook over the shared store. */
export function useAppStore<T>(selector: (state: Store) => T): T {
  return useZustandStore(store, selector);
}

declare global {
  interface Window {
    /** Counts store instances created on this page; more than one means the singleton broke. */
    __TOPUP_STORE_INSTANCES__?: number;
  }
}

if (typeof window !== 'undefined') {
  window.__TOPUP_STORE_INSTANCES__ = (window.__TOPUP_STORE_INSTANCES__ ?? 0) + 1;
}
