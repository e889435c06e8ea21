import { createLayerRoot, LAYER_LEAVE_MS, lockPageScroll } from '../layer-root';
import { ImagePreview } from './ImagePreview';

/** Opens an image full screen with zoom limits 1/3 to 3 (spec §9); resolves once it is closed. */
export function previewImage(src: string, alt: string): Promise<void> {
  const layer = createLayerRoot('image-preview');
  const releaseScroll = lockPageScroll();
  return new Promise<void>((resolve) => {
    let closed = false;
    const close = () => {
      if (closed) return;
      closed = true;
      draw(true);
      setTimeout(() => {
        layer.destroy();
        releaseScroll();
        resolve();
      }, LAYER_LEAVE_MS);
    };
    function draw(leaving: boolean): void {
      layer.render(<ImagePreview src={src} alt={alt} leaving={leaving} onClose={close} />);
    }
    draw(false);
  });
}
