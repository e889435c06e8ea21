import type { Locale } from '@topup/shared/rules';

/** Spec §3 "Shared store user". */
export interface StoreUser {
  account: string;
  cert_type: string;
  cert_url: string;
  force_cert_status: number;
  is_bind: boolean;
  is_force_cert: boolean;
  is_guest: boolean;
  passwd: string;
  token: string;
  uid: string;
  payWays: string[];
}

/** Spec §3 "Other shared state", plus the page locale the shell owns. */
export interface StoreState {
  user: StoreUser;
  locale: Locale;
  loginDialogVisible: boolean;
  agreement: { url: string; is_agree: boolean };
  guest: { account: string; password: string };
  customerService: { url: string; visible: boolean };
  rebate: { url: string; popupVisible: boolean; popupShown: boolean };
  game: { state: string; version: string };
  certNameFlag: boolean;
}

export interface StoreActions {
  setUser(patch: Partial<StoreUser>): void;
  setLocale(locale: Locale): void;
  setLoginDialogVisible(visible: boolean): void;
  setAgreement(patch: Partial<StoreState['agreement']>): void;
  setGuest(patch: Partial<StoreState['guest']>): void;
  /** Shows the floating customer-service button only when there is a link. */
  setCustomerService(url: string | null | undefined): void;
  hideCustomerService(): void;
  setRebate(patch: Partial<StoreState['rebate']>): void;
  setGame(patch: Partial<StoreState['game']>): void;
  setCertNameFlag(flag: boolean): void;
}

export type Store = StoreState & StoreActions;

export const INITIAL_USER: StoreUser = {
  account: '',
  cert_type: '',
  cert_url: '',
  force_cert_status: 0,
  is_bind: false,
  is_force_cert: false,
  is_guest: true,
  passwd: '',
  token: '',
  uid: '',
  payWays: [],
};
