import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../focus/use-focus-trap';
import { CloseIcon } from '../icons';
import { LAYER_LEAVE_MS, lockPageScroll } from '../layer-root';
import '../ui.css';
import type { BottomPopupProps } from './BottomPopup';


/** A sheet that slides up from the bottom, modal, closed by Escape, its close icon or the backdrop. */
export function BottomPopup({ open, title, onClose, children, initialFocus, className }: BottomPopupProps) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // Stays mounted for the closing animation.
  const [wasOpen, setWasOpen] = useState(open);
  const [leaving, setLeaving] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    setLeaving(!open);
  }
  useEffect(() => {
    if (!leaving) return undefined;
    const timer = setTimeout(() => setLeaving(false), LAYER_LEAVE_MS);
    return () => clearTimeout(timer);
  }, [leaving]);
  useEffect(() => (open ? lockPageScroll() : undefined), [open]);
  useFocusTrap(panel, open, { onEscape: onClose, initialFocus });

  if (!open && !leaving) return null;
  return createPortal(
    // Closing, it is gone for the keyboard and screen readers while it slides away.
    <div className={`tu-layer tu-layer--bottom${open ? '' : ' tu-layer--leaving'}`} inert={!open} aria-hidden={!open || undefined}>
      <div className="tu-layer__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className={`tu-dialog tu-dialog--bottom tu-popup${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="tu-dialog__head">
          <h2 className="tu-dialog__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="tu-icon-button tu-dialog__close" aria-label={t('action.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
