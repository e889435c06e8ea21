import type { ReactNode } from 'react';
import { i18n } from '@topup/shared/store';
import { createLayerRoot, LAYER_LEAVE_MS, lockPageScroll } from '../layer-root';
import { showToast } from '../toast/toast';
import { registerDialog, setDialogPhase } from './dialog-registry';

/** The rejection of a dialog the player cancelled, closed or escaped. */
export class DialogDismissed extends Error {
  override readonly name = 'DialogDismissed';
  constructor() {
    super('dialog dismissed');
  }
}

export function isDialogDismissed(error: unknown): error is DialogDismissed {
  return error instanceof DialogDismissed;
}

export interface DialogControls {
  /** Closes the dialog and resolves it. */
  confirm(): void;
  /** Closes the dialog and rejects it. */
  cancel(): void;
}

export interface DialogOptions {
  readonly title?: string;
  readonly subtitle?: string;
  readonly message?: ReactNode;
  /** Custom content; it may close the dialog through the controls. */
  readonly render?: (controls: DialogControls) => ReactNode;
  readonly placement?: 'center' | 'bottom';
  /** Default true. */
  readonly showConfirm?: boolean;
  /** Default false. */
  readonly showCancel?: boolean;
  /** A labelled close icon in the corner; default true for bottom dialogs. */
  readonly showClose?: boolean;
  readonly confirmText?: string;
  readonly cancelText?: string;
  readonly className?: string;
}

const openCancels = new Set<() => void>();

// The dialog's markup and focus trap load with the first dialog a player sees, not with the page.
let dialogView: Promise<typeof import('./DialogView.lazy')> | null = null;
const loadDialogView = () => (dialogView ??= import('./DialogView.lazy'));

/** Cancels every open dialog (each rejects as dismissed), e.g. when the player leaves the page. */
export function closeAllDialogs(): void {
  for (const cancel of Array.from(openCancels)) cancel();
}

/**
 * Spec §2 "Dialogs": opens a modal that resolves when confirmed and rejects (DialogDismissed)
 * when cancelled, closed, escaped or tapped outside. It is registered, shown, hidden when it
 * closes, and removed once its closing animation is over.
 */
export function openDialog(options: DialogOptions = {}): Promise<void> {
  const id = registerDialog();
  const layer = createLayerRoot('dialog');
  layer.render(null);
  const releaseScroll = lockPageScroll();
  const placement = options.placement ?? 'center';

  return new Promise<void>((resolve, reject) => {
    let settled = false;
    let removed = false;
    const finish = (confirmed: boolean) => {
      if (settled) return;
      settled = true;
      openCancels.delete(controls.cancel);
      setDialogPhase(id, 'hidden');
      draw(true);
      window.setTimeout(() => {
        removed = true;
        layer.destroy();
        releaseScroll();
        setDialogPhase(id, 'removed');
      }, LAYER_LEAVE_MS);
      if (confirmed) resolve();
      else reject(new DialogDismissed());
    };
    const controls: DialogControls = { confirm: () => finish(true), cancel: () => finish(false) };
    function draw(leaving: boolean): void {
      void loadDialogView().then(
        ({ DialogView }) => {
          if (removed) return;
          layer.render(
            <DialogView
              title={options.title}
              subtitle={options.subtitle}
              placement={placement}
              leaving={leaving}
              showConfirm={options.showConfirm ?? true}
              showCancel={options.showCancel ?? false}
              showClose={options.showClose ?? placement === 'bottom'}
              confirmText={options.confirmText}
              cancelText={options.cancelText}
              className={options.className}
              onConfirm={controls.confirm}
              onCancel={controls.cancel}
            >
              {options.render ? options.render(controls) : options.message}
            </DialogView>,
          );
        },
        () => {
          // Its code could not be fetched: the player reads why, and the dialog counts as dismissed.
          dialogView = null;
          showToast(i18n.t('error.network', { ns: 'common' }));
          controls.cancel();
        },
      );
    }
    openCancels.add(controls.cancel);
    draw(false);
    setDialogPhase(id, 'shown');
  });
}

/** A yes/no question: resolves on Confirm, rejects on Cancel. */
export function showConfirmDialog(message: ReactNode, options: Omit<DialogOptions, 'message' | 'render'> = {}): Promise<void> {
  return openDialog({ showCancel: true, ...options, message });
}

/** A message with one Confirm button; settles either way and never rejects. */
export async function showMessageDialog(message: ReactNode, options: Omit<DialogOptions, 'message' | 'render'> = {}): Promise<void> {
  try {
    await openDialog({ ...options, message, showCancel: false });
  } catch (error) {
    if (!isDialogDismissed(error)) throw error;
  }
}
