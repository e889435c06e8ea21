/** The terms and privacy pages ship with this remote, next to its other files. */
export const TERMS_PAGE_URL = new URL('../../assets/legal/terms.html', import.meta.url).href;
export const PRIVACY_PAGE_URL = new URL('../../assets/legal/privacy.html', import.meta.url).href;
