import { useCallback, useRef, useState, type PointerEvent as ReactPointerEvent, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clampZoom, IMAGE_ZOOM_MAX, IMAGE_ZOOM_MIN } from '@topup/shared/rules';
import { useFocusTrap } from '../focus/use-focus-trap';
import { CloseIcon } from '../icons';

export interface ImagePreviewProps {
  readonly src: string;
  readonly alt: string;
  readonly leaving: boolean;
  readonly onClose: () => void;
}

const STEP = 1.5;

function distance(points: Map<number, { x: number; y: number }>): number {
  const [a, b] = Array.from(points.values());
  return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
}

/** A full-screen image that zooms between 1/3 and 3 times by buttons, wheel or pinch. */
export function ImagePreview({ src, alt, leaving, onClose }: ImagePreviewProps) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; scale: number } | null>(null);
  const zoomBy = useCallback((factor: number) => setScale((s) => clampZoom(s * factor)), []);
  useFocusTrap(panel, !leaving, { onEscape: onClose });

  const onPointerDown = (event: ReactPointerEvent) => {
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(pointers.current), scale };
  };
  const onPointerMove = (event: ReactPointerEvent) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const start = pinch.current;
    if (start && start.distance > 0) setScale(clampZoom((start.scale * distance(pointers.current)) / start.distance));
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };
  const onWheel = (event: WheelEvent) => zoomBy(event.deltaY < 0 ? 1.15 : 1 / 1.15);

  return (
    <div className={`tu-layer tu-layer--preview${leaving ? ' tu-layer--leaving' : ''}`}>
      <div className="tu-layer__backdrop tu-layer__backdrop--dark" aria-hidden="true" onClick={onClose} />
      <div ref={panel} className="tu-preview" role="dialog" aria-modal="true" aria-label={t('imagePreview.label')} tabIndex={-1}>
        <div
          className="tu-preview__stage"
          onWheel={onWheel}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onDoubleClick={() => setScale((s) => (s === 1 ? 2 : 1))}
        >
          <img src={src} alt={alt} draggable={false} data-scale={scale.toFixed(3)} style={{ transform: `scale(${scale})` }} />
        </div>
        <div className="tu-preview__tools">
          <button type="button" className="tu-icon-button" aria-label={t('imagePreview.zoomOut')} disabled={scale <= IMAGE_ZOOM_MIN} onClick={() => zoomBy(1 / STEP)}>
            −
          </button>
          <output className="tu-preview__scale" aria-live="polite">
            {Math.round(scale * 100)}%
          </output>
          <button type="button" className="tu-icon-button" aria-label={t('imagePreview.zoomIn')} disabled={scale >= IMAGE_ZOOM_MAX} onClick={() => zoomBy(STEP)}>
            +
          </button>
          <button type="button" className="tu-icon-button" aria-label={t('action.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
      </div>
    </div>
  );
}
