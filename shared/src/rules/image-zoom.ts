import { IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN } from './constants';

/** Keeps an image preview's scale within spec §9's limits (1/3 to 3). */
export function clampZoom(scale: number): number {
  if (!Number.isFinite(scale)) return 1;
  return Math.min(IMAGE_ZOOM_MAX, Math.max(IMAGE_ZOOM_MIN, scale));
}
