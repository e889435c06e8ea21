import { useCallback, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusTrap } from '../focus/use-focus-trap';
import { CloseIcon } from '../icons';

export interface DialogViewProps {
  readonly title?: string;
  readonly subtitle?: string;
  readonly children?: ReactNode;
  readonly placement: 'center' | 'bottom';
  readonly leaving: boolean;
  readonly showConfirm: boolean;
  readonly showCancel: boolean;
  readonly showClose: boolean;
  readonly confirmText?: string;
  readonly cancelText?: string;
  readonly className?: string;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}

/** The look of every dialog: a centred card or a bottom sheet, modal and keyboard-friendly. */
export function DialogView(props: DialogViewProps) {
  const { t } = useTranslation('common');
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const { onCancel } = props;
  const escape = useCallback(() => onCancel(), [onCancel]);
  useFocusTrap(panel, !props.leaving, { onEscape: escape });

  return (
    // Closing, it is gone for the keyboard and screen readers while it fades out.
    <div className={`tu-layer tu-layer--${props.placement}${props.leaving ? ' tu-layer--leaving' : ''}`} inert={props.leaving} aria-hidden={props.leaving || undefined}>
      <div className="tu-layer__backdrop" aria-hidden="true" onClick={props.onCancel} />
      <div
        ref={panel}
        className={`tu-dialog tu-dialog--${props.placement}${props.className ? ` ${props.className}` : ''}`}
        role={props.showCancel ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        // A dialog without a title is named by its message (an error, a question).
        aria-labelledby={props.title ? titleId : bodyId}
        aria-describedby={props.title && props.children ? bodyId : undefined}
        tabIndex={-1}
      >
        {props.title || props.showClose ? (
          <div className="tu-dialog__head">
            {props.title ? (
              <h2 className="tu-dialog__title" id={titleId}>
                {props.title}
              </h2>
            ) : null}
            {props.showClose ? (
              <button type="button" className="tu-icon-button tu-dialog__close" aria-label={t('action.close')} onClick={props.onCancel}>
                <CloseIcon />
              </button>
            ) : null}
          </div>
        ) : null}
        {props.subtitle ? <p className="tu-dialog__subtitle">{props.subtitle}</p> : null}
        <div className="tu-dialog__body" id={bodyId}>
          {props.children}
        </div>
        {props.showConfirm || props.showCancel ? (
          <div className="tu-dialog__actions">
            {props.showCancel ? (
              <button type="button" className="tu-button tu-button--ghost" onClick={props.onCancel}>
                {props.cancelText ?? t('action.cancel')}
              </button>
            ) : null}
            {props.showConfirm ? (
              <button type="button" className="tu-button tu-button--primary" onClick={props.onConfirm}>
                {props.confirmText ?? t('action.confirm')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
