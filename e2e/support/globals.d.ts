// What the store puts on `window` that browser tests read.
declare global {
  interface Window {
    __TOPUP_STORE_INSTANCES__?: number;
  }
}
export {};
