import { TOAST_DEFAULT_MS } from '@topup/shared/rules';
import { i18n } from '@topup/shared/store';
import { createLayerRoot, type LayerRoot } from '../layer-root';
import { SpinnerIcon } from '../icons';

export interface ToastOptions {
  /** How long the toast stays; spec §9's 2000 ms by default. 0 keeps it until closed. */
  readonly duration?: number;
  /** A spinner with the message, for work in progress. */
  readonly loading?: boolean;
}

export interface ToastHandle {
  /** Clears this toast if it is still the one on screen. */
  close(): void;
}

let layer: LayerRoot | null = null;
let current = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

function clear(token: number): void {
  if (token !== current || !layer) return;
  clearTimeout(timer);
  layer.render(null);
  current = 0;
}

/** One toast at a time: a new one replaces the old. Announced politely to screen readers. */
export function showToast(message: string, options: ToastOptions = {}): ToastHandle {
  layer ??= createLayerRoot('toast');
  clearTimeout(timer);
  current += 1;
  const token = current;
  const loading = options.loading ?? false;
  layer.render(
    <div className={`tu-toast${loading ? ' tu-toast--loading' : ''}`} role="status" aria-live="polite" data-toast={loading ? 'loading' : 'text'}>
      {loading ? <SpinnerIcon /> : null}
      <span>{message}</span>
    </div>,
  );
  const duration = options.duration ?? TOAST_DEFAULT_MS;
  if (duration > 0) timer = setTimeout(() => clear(token), duration);
  return { close: () => clear(token) };
}

/** The loading toast (spec §8, price list): shown, then cleared when the work ends. */
export function showLoadingToast(message?: string, options: Omit<ToastOptions, 'loading'> = {}): ToastHandle {
  return showToast(message ?? i18n.t('state.loading', { ns: 'common' }), { ...options, loading: true });
}

/** Clears whatever toast is showing. */
export function clearToast(): void {
  clear(current);
}
