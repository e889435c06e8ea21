import { i18n } from '@topup/shared/store';
import { createLayerRoot, LAYER_LEAVE_MS, lockPageScroll } from '../layer-root';
import { showToast } from '../toast/toast';

/**
 * Opens an image full screen with zoom limits 1/3 to 3 (spec §9); resolves once it is closed. The
 * viewer's code loads on the first preview, so the pages that offer one do not carry it until a
 * picture is tapped; when it cannot load, the player reads the network error and nothing opens.
 */
export async function previewImage(src: string, alt: string): Promise<void> {
  let ImagePreview: typeof import('./ImagePreview.lazy').ImagePreview;
  try {
    ({ ImagePreview } = await import('./ImagePreview.lazy'));
  } catch {
    showToast(i18n.t('error.network', { ns: 'common' }));
    return;
  }
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
