import { useId, useRef, useState, type FormEvent } from 'react';
import { callAction } from '@topup/shared/api';
import { isEmailAddress } from '@topup/shared/checkout';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import { errorText } from '../../my-orders/error-text';

interface Props {
  /** The page the player came from, kept with the ticket. */
  readonly gameId: string;
  readonly area: string;
  readonly startOrderId: string;
}

const MIN_MESSAGE = 10;

type Problem = 'email' | 'message' | null;

/** The contact form: a support ticket whose reference is shown here and e-mailed. Nothing typed is lost on a refusal. */
export function ContactForm({ gameId, area, startOrderId }: Props) {
  const { t } = useTopUpTranslation();
  const ids = useId();
  const [orderId, setOrderId] = useState(startOrderId);
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<Problem>(null);
  const [refusal, setRefusal] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const typedEmail = email.trim();
    const typedMessage = message.trim();
    const found: Problem = !isEmailAddress(typedEmail) ? 'email' : [...typedMessage].length < MIN_MESSAGE ? 'message' : null;
    setProblem(found);
    setRefusal('');
    if (found) {
      form.current?.querySelector<HTMLElement>(`#${CSS.escape(`${ids}-${found}`)}`)?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await callAction<{ reference: string }>('createSupportTicket', {
        email: typedEmail,
        message: typedMessage,
        order_id: orderId.trim(),
        game_id: gameId,
        area,
      });
      setSent({ reference: answer.reference, email: typedEmail });
    } catch (error) {
      setRefusal(errorText(error, t('support.contact.failed')));
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <section className="od-card hp-sent" role="status" aria-labelledby={`${ids}-sent`} data-testid="ticket-sent">
        <h2 className="od-card__title" id={`${ids}-sent`}>
          {t('support.contact.sent.title')}
        </h2>
        <p>
          {t('support.contact.sent.body', { reference: sent.reference, email: sent.email })}
        </p>
        <p className="hp-reference" data-testid="ticket-reference">
          {sent.reference}
        </p>
        <button
          type="button"
          className="od-button od-button--secondary"
          onClick={() => {
            setSent(null);
            setMessage('');
          }}
        >
          {t('support.contact.another')}
        </button>
      </section>
    );
  }

  return (
    <form ref={form} className="od-card hp-contact" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${ids}-title`}>
      <h2 className="od-card__title" id={`${ids}-title`}>
        {t('support.contact.title')}
      </h2>
      <p className="mo-muted">{t('support.contact.body')}</p>
      <div className="hp-fields">
        <label htmlFor={`${ids}-order`}>{t('support.contact.orderId')}</label>
        <input id={`${ids}-order`} value={orderId} onChange={(e) => setOrderId(e.target.value)} autoComplete="off" spellCheck={false} maxLength={64} />
        <label htmlFor={`${ids}-email`}>{t('support.contact.email')}</label>
        <input
          id={`${ids}-email`}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          maxLength={254}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={problem === 'email'}
          aria-describedby={problem === 'email' ? `${ids}-email-error` : undefined}
        />
        {problem === 'email' ? (
          <p className="hp-error" id={`${ids}-email-error`}>
            {t('support.contact.needEmail')}
          </p>
        ) : null}
        <label htmlFor={`${ids}-message`}>{t('support.contact.message')}</label>
        <textarea
          id={`${ids}-message`}
          rows={5}
          value={message}
          maxLength={4000}
          onChange={(e) => setMessage(e.target.value)}
          aria-invalid={problem === 'message'}
          aria-describedby={`${ids}-message-hint${problem === 'message' ? ` ${ids}-message-error` : ''}`}
        />
        <p className="mo-muted" id={`${ids}-message-hint`}>
          {t('support.contact.messageHint')}
        </p>
        {problem === 'message' ? (
          <p className="hp-error" id={`${ids}-message-error`}>
            {t('support.contact.needMessage')}
          </p>
        ) : null}
      </div>
      <p className="hp-error" role="alert" data-testid="ticket-refusal">
        {refusal}
      </p>
      <button type="submit" className="od-button od-button--primary" disabled={sending}>
        {sending ? t('support.contact.sending') : t('support.contact.send')}
      </button>
    </form>
  );
}
