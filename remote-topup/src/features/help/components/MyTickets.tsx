import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { callAction } from '@topup/shared/api';
import { formatDeadline } from '@topup/shared/checkout';
import { useAppStore } from '@topup/shared/store';
import type { PlayerTicket } from '@topup/shared/types';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { errorText } from '../../my-orders/error-text';

/**
 * "My tickets": a player reads a ticket and support's answer with the reference and the e-mail
 * address of the mail the store sent (players have no accounts). The store answers a wrong
 * reference and a wrong address alike, so the page says one thing for both.
 */
export function MyTickets() {
  const { t } = useTopUpTranslation();
  const locale = useAppStore((s) => s.locale);
  const ids = useId();
  const [reference, setReference] = useState('');
  const [email, setEmail] = useState('');
  const [refusal, setRefusal] = useState('');
  const [finding, setFinding] = useState(false);
  const [ticket, setTicket] = useState<PlayerTicket | null>(null);
  const shown = useRef<HTMLElement>(null);
  // A ticket found: reading goes on from it (a screen reader reads it next).
  useEffect(() => {
    if (ticket) shown.current?.focus();
  }, [ticket]);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    if (finding) return;
    setTicket(null);
    if (!reference.trim() || !email.trim()) {
      setRefusal(t('tickets.needBoth'));
      return;
    }
    setRefusal('');
    setFinding(true);
    try {
      setTicket(await callAction<PlayerTicket>('findSupportTicket', { reference: reference.trim(), email: email.trim() }));
    } catch (error) {
      setRefusal(errorText(error, t('tickets.failed')));
    } finally {
      setFinding(false);
    }
  };

  return (
    <section className="od-card hp-tickets" aria-labelledby={`${ids}-title`} data-testid="my-tickets">
      <h2 className="od-card__title" id={`${ids}-title`}>
        {t('tickets.title')}
      </h2>
      <p className="mo-muted">{t('tickets.body')}</p>
      <form onSubmit={(event) => void find(event)} noValidate>
        <div className="hp-fields">
          <label htmlFor={`${ids}-reference`}>{t('tickets.reference')}</label>
          <input
            id={`${ids}-reference`}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
            placeholder="T-XXXX-XXXX"
          />
          <label htmlFor={`${ids}-email`}>{t('tickets.email')}</label>
          <input id={`${ids}-email`} type="email" inputMode="email" autoComplete="email" value={email} maxLength={254} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <p className="hp-error" role="alert" data-testid="ticket-lookup-refusal">
          {refusal}
        </p>
        <button type="submit" className="od-button od-button--secondary" disabled={finding}>
          {finding ? t('tickets.finding') : t('tickets.find')}
        </button>
      </form>
      {ticket ? (
        <article className="hp-ticket" data-testid="ticket" data-status={ticket.status} aria-labelledby={`${ids}-ticket`} tabIndex={-1} ref={shown}>
          <h3 className="hp-ticket__title" id={`${ids}-ticket`}>
            <span className="hp-reference">{ticket.reference}</span>
            <span className={`hp-ticket__status hp-ticket__status--${ticket.status}`}>{t(`tickets.status.${ticket.status}`)}</span>
          </h3>
          <p className="mo-muted">{t('tickets.sent', { time: formatDeadline(ticket.created_at, locale) })}</p>
          <h4>{t('tickets.yours')}</h4>
          <p className="hp-ticket__text" data-testid="ticket-message">
            {ticket.message}
          </p>
          {ticket.answer ? (
            <>
              <h4>{t('tickets.answer', { time: formatDeadline(ticket.answered_at, locale) })}</h4>
              <p className="hp-ticket__text hp-ticket__answer" data-testid="ticket-answer">
                {ticket.answer}
              </p>
            </>
          ) : (
            <p className="mo-muted" data-testid="ticket-no-answer">
              {t('tickets.noAnswer')}
            </p>
          )}
        </article>
      ) : null}
    </section>
  );
}
