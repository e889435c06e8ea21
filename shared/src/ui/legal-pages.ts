/**
 * The terms and privacy pages, shipped with @topup/shared so that every page of the store links
 * the same documents (spec §2: opened through `legalLink` with the page's language).
 */
export const TERMS_PAGE_URL = new URL('../../assets/legal/terms.html', import.meta.url).href;
export const PRIVACY_PAGE_URL = new URL('../../assets/legal/privacy.html', import.meta.url).href;
