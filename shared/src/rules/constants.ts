/** Business constants of spec §9. */
export const BANNER_AUTOPLAY_MS = 3000;
export const DESKTOP_MIN_WIDTH = 1000;
export const DETAIL_PAY_DELAY_MS = 300;
export const TOAST_DEFAULT_MS = 2000;
export const IMAGE_ZOOM_MIN = 1 / 3;
export const IMAGE_ZOOM_MAX = 3;
export const DELIVERY_GUIDANCE_MINUTES = 30;
