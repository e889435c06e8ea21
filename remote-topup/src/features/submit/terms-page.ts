/** The terms the agreement checkbox links to: the page that ships with this remote. */
export const TERMS_PAGE_URL = new URL('../../assets/legal/terms.html', import.meta.url).href;
