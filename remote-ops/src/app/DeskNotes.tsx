import { useId, useState, type FormEvent } from 'react';
import type { OpsDeskNote } from '@topup/shared/types';
import { newRequestKey, opsCall, OpsApiError } from '../lib/ops-client';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { Empty, ErrorNote, useFormats } from './parts';

interface Props {
  /** Where the heading's id starts (one per page part). */
  readonly id: string;
  readonly notes: readonly OpsDeskNote[];
  /** `POST` path of a new note (`/orders/:id/notes`, `/tickets/:reference/notes`); null: read only. */
  readonly postPath: string | null;
  readonly onAdded: (notes: readonly OpsDeskNote[]) => void;
}

/** The desk's internal notes on an order or a ticket: read by every role, written by the desk's roles. */
export function DeskNotes({ id, notes, postPath, onAdded }: Props) {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [said, setSaid] = useState('');
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const fieldId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!postPath || !body.trim() || busy) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await opsCall<{ notes: OpsDeskNote[] }>('POST', postPath, { body: body.trim(), request_key: requestKey });
      setBody('');
      setRequestKey(newRequestKey());
      setSaid(t('notes.added'));
      onAdded(answer.notes);
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ops-card" aria-labelledby={`${id}-notes`}>
      <h2 id={`${id}-notes`}>{t('notes.title')}</h2>
      <p className="ops-muted">{t('notes.hint')}</p>
      {notes.length === 0 ? <Empty>{t('notes.empty')}</Empty> : null}
      <ul className="ops-list">
        {notes.map((note) => (
          <li key={note.id}>
            <p className="ops-note-body">{note.body}</p>
            <span className="ops-muted">{t('notes.by', { by: note.author, at: formats.time(note.created_at) })}</span>
          </li>
        ))}
      </ul>
      {postPath ? (
        <form onSubmit={(event) => void submit(event)}>
          <label className="ops-field" htmlFor={fieldId}>
            <span>{t('notes.field')}</span>
            <textarea id={fieldId} rows={3} maxLength={4000} value={body} onChange={(event) => setBody(event.target.value)} />
          </label>
          {said ? (
            <p className="ops-note ops-note--ok" role="status">
              {said}
            </p>
          ) : null}
          <ErrorNote error={error} />
          <div className="ops-actions">
            <button type="submit" className="ops-button" disabled={busy || !body.trim()}>
              {t('notes.add')}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
