import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { currencyCode } from '@topup/shared/rules';
import type { PriceChange } from '@topup/shared/types';
import { OpsApiError, newRequestKey } from '../lib/ops-client';
import { useOpsTranslation } from '../lib/use-ops-translation';

/** Minor units of a currency the store sells in: cents, or whole won. */
export function minorPerUnit(currency: string): number {
  return currency === 'KRW' ? 1 : 100;
}

export function useFormats() {
  const { i18n } = useOpsTranslation();
  const locale = i18n.language || 'en';
  const money = (minor: number, currency: string): string => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / minorPerUnit(currency));
    } catch {
      return `${minor} ${currency}`;
    }
  };
  return {
    money,
    /** A price change in words: `$4.99 → $5.49 (+10 %)`, in the area's currency. */
    priceChange(change: Pick<PriceChange, 'area' | 'from_minor' | 'to_minor' | 'percent'>): string {
      const currency = currencyCode(change.area);
      return `${money(change.from_minor, currency)} → ${money(change.to_minor, currency)} (${change.percent > 0 ? '+' : ''}${change.percent} %)`;
    },
    time(value: string | null | undefined): string {
      if (!value) return '—';
      const date = new Date(value.includes('T') ? value : value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
      if (Number.isNaN(date.getTime())) return value;
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }).format(date);
    },
  };
}

/** A refusal in the operator's language (the server's English when the code is new to this console). */
export function ErrorNote({ error, onRetry }: { readonly error: OpsApiError | null; readonly onRetry?: () => void }) {
  const { t } = useOpsTranslation();
  if (!error) return null;
  return (
    <div className="ops-note ops-note--error" role="alert">
      <span>{t(`error.${error.code}`, { defaultValue: error.message })}</span>
      {onRetry ? (
        <button type="button" className="ops-button ops-button--quiet" onClick={onRetry}>
          {t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}

export function Loading() {
  const { t } = useOpsTranslation();
  return (
    <p className="ops-loading" role="status">
      {t('common.loading')}
    </p>
  );
}

export function Empty({ children }: { readonly children: ReactNode }) {
  return <p className="ops-empty">{children}</p>;
}

export interface ActionDialogProps {
  readonly title: string;
  readonly description?: string;
  readonly confirmLabel: string;
  /** A box the operator must tick first (resending items the player may already have). */
  readonly confirmation?: string;
  readonly danger?: boolean;
  /** Extra fields above the reason. */
  readonly children?: ReactNode;
  /** Does the action with the reason and a request key kept for the dialog's life (a second press repeats nothing). */
  readonly onConfirm: (reason: string, requestKey: string) => Promise<void>;
  readonly onClose: () => void;
  /** Whether the reason is asked for (every change of an order is). */
  readonly reasonRequired?: boolean;
}

/** A modal dialog for one audited action: a reason, an optional confirmation, then the action. */
export function ActionDialog({ title, description, confirmLabel, confirmation, danger, children, onConfirm, onClose, reasonRequired = true }: ActionDialogProps) {
  const { t } = useOpsTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [requestKey] = useState(newRequestKey);
  const reasonId = useId();
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim(), requestKey);
      onClose();
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
      setBusy(false);
    }
  };

  return (
    <dialog ref={dialog} className="ops-dialog" aria-labelledby={titleId} onCancel={onClose}>
      <form onSubmit={submit} className="ops-dialog__form">
        <h2 id={titleId}>{title}</h2>
        {description ? <p>{description}</p> : null}
        {children}
        {reasonRequired ? (
          <label htmlFor={reasonId} className="ops-field">
            <span>{t('action.reason')}</span>
            <textarea id={reasonId} value={reason} required maxLength={500} rows={3} onChange={(e) => setReason(e.target.value)} />
          </label>
        ) : null}
        {confirmation ? (
          <label className="ops-check">
            <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
            <span>{confirmation}</span>
          </label>
        ) : null}
        <ErrorNote error={error} />
        <div className="ops-dialog__buttons">
          <button type="button" className="ops-button ops-button--quiet" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`ops-button${danger ? ' ops-button--danger' : ''}`}
            disabled={busy || (reasonRequired && !reason.trim()) || (Boolean(confirmation) && !confirmed)}
          >
            {busy ? t('common.working') : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** The large price changes a refusal named (`confirmPriceChanges`), or null for any other failure. */
export function largePriceChangesOf(failure: unknown): readonly PriceChange[] | null {
  if (!(failure instanceof OpsApiError) || failure.code !== 'confirmPriceChanges') return null;
  return (failure.body?.price_changes as PriceChange[] | undefined) ?? [];
}

/**
 * An audited action that moves prices (publish a draft, revert to a revision): asked once; when the store
 * answers that it moves a price by much, asked again with each large change listed and a box to tick.
 * `large` is null on the first asking, the listed changes on the second.
 */
export function PriceChangingDialog({ large, children, ...action }: Omit<ActionDialogProps, 'confirmation'> & { readonly large: readonly PriceChange[] | null }) {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  return (
    <ActionDialog key={large === null ? 'first' : 'confirm'} {...action} confirmation={large !== null ? t('catalogue.confirmLarge', { count: large.length }) : undefined}>
      {children}
      {large && large.length > 0 ? (
        <ul className="ops-list ops-error-text">
          {large.map((change) => (
            <li key={change.product_id}>
              {change.product_name}: {formats.priceChange(change)}
            </li>
          ))}
        </ul>
      ) : null}
    </ActionDialog>
  );
}

/** A status as a small coloured label. */
export function StatusTag({ status }: { readonly status: string }) {
  const { t } = useOpsTranslation();
  return <span className={`ops-tag ops-tag--${status}`}>{t(`status.${status}`, { defaultValue: status })}</span>;
}
