import { useId, useState, type FormEvent } from 'react';
import { newRequestKey, opsCall, OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { Empty, ErrorNote, useFormats } from '../app/parts';

/** A character's links to browsers, points and gifts, as the player's page reads them (decisions 304, 305). */
export interface CharacterRewardsRow {
  readonly game_id: number;
  readonly server_id: string;
  readonly role_id: string;
  readonly links: ReadonlyArray<{ link_id: string; created_at: string; expires_at: string; ended_at: string | null; ended_by: string | null; live: boolean }>;
  readonly points: number;
  readonly entries: ReadonlyArray<{ id: string; kind: 'purchase' | 'refund' | 'correction' | 'redeem'; points: number; order_id: string | null; reason: string; actor: string; created_at: string }>;
  readonly gifts: ReadonlyArray<{ day: string; mail_key: string; claimed_at: string }>;
}

/** Linked browsers, the points ledger and the gifts of one character; an agent ends a link, corrects points or mails a gift again, with a reason. */
export function CharacterRewards({ row, onChanged }: { readonly row: CharacterRewardsRow; readonly onChanged: () => void }) {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const canAct = useSession().may('orders.act');
  const id = useId();
  const [reason, setReason] = useState('');
  const [points, setPoints] = useState('');
  const [error, setError] = useState<OpsApiError | null>(null);
  const [done, setDone] = useState('');

  const act = async (path: string, body: Record<string, unknown>) => {
    setError(null);
    setDone('');
    try {
      await opsCall('POST', path, { ...body, reason, request_key: newRequestKey() });
      setDone(t('player.rewards.done'));
      setPoints('');
      onChanged();
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'server', String(failure)));
    }
  };
  const correct = (event: FormEvent) => {
    event.preventDefault();
    void act('/player/points', { game_id: row.game_id, server_id: row.server_id, role_id: row.role_id, points: Number(points) });
  };

  return (
    <section className="ops-card" aria-labelledby={`${id}-title`} data-testid={`rewards-${row.role_id}`}>
      <h2 id={`${id}-title`}>{t('player.rewards.character', { role: row.role_id, server: row.server_id, game: row.game_id })}</h2>
      <p>
        <strong>{t('player.rewards.points', { count: row.points })}</strong>
      </p>
      <h3>{t('player.rewards.links')}</h3>
      {row.links.length === 0 ? <Empty>{t('player.rewards.noLinks')}</Empty> : null}
      <ul className="ops-list">
        {row.links.map((link) => (
          <li key={link.link_id}>
            {t('player.rewards.linkedAt', { date: formats.time(link.created_at) })} ·{' '}
            {link.live
              ? t('player.rewards.live', { date: formats.time(link.expires_at) })
              : link.ended_at
                ? t('player.rewards.endedBy', { date: formats.time(link.ended_at), who: link.ended_by ?? '' })
                : t('player.rewards.expired', { date: formats.time(link.expires_at) })}
            {link.live && canAct ? (
              <>
                {' '}
                <button type="button" className="ops-button ops-button--quiet" disabled={!reason.trim()} onClick={() => void act(`/player/links/${encodeURIComponent(link.link_id)}/end`, {})}>
                  {t('player.rewards.end')}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      <h3>{t('player.rewards.entries')}</h3>
      {row.entries.length === 0 ? <Empty>{t('player.rewards.noEntries')}</Empty> : null}
      <ul className="ops-list">
        {row.entries.map((entry) => (
          <li key={entry.id}>
            <span className="ops-mono">{entry.points > 0 ? `+${entry.points}` : entry.points}</span> · {t(`player.rewards.kind.${entry.kind}`)}
            {entry.order_id ? <span className="ops-mono"> · {entry.order_id}</span> : null}
            {entry.reason ? ` · ${entry.reason}` : null}
            {entry.actor ? <span className="ops-muted"> · {entry.actor}</span> : null} · <span className="ops-muted">{formats.time(entry.created_at)}</span>
          </li>
        ))}
      </ul>
      <h3>{t('player.rewards.gifts')}</h3>
      {row.gifts.length === 0 ? <Empty>{t('player.rewards.noGifts')}</Empty> : null}
      <ul className="ops-list">
        {row.gifts.map((gift) => (
          <li key={gift.day}>
            {gift.day} · <span className="ops-muted">{formats.time(gift.claimed_at)}</span>
            {canAct ? (
              <>
                {' '}
                <button
                  type="button"
                  className="ops-button ops-button--quiet"
                  disabled={!reason.trim()}
                  aria-label={t('player.rewards.resendDay', { day: gift.day })}
                  onClick={() => void act('/player/gifts/resend', { game_id: row.game_id, server_id: row.server_id, role_id: row.role_id, day: gift.day })}
                >
                  {t('player.rewards.resend')}
                </button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
      {canAct ? (
        <form className="ops-filters" onSubmit={correct} aria-label={t('player.rewards.correct')}>
          <label className="ops-field ops-field--wide" htmlFor={`${id}-reason`}>
            <span>{t('player.rewards.reason')}</span>
            <input id={`${id}-reason`} value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
          </label>
          <label className="ops-field" htmlFor={`${id}-points`}>
            <span>{t('player.rewards.pointsLabel')}</span>
            <input id={`${id}-points`} inputMode="numeric" value={points} onChange={(event) => setPoints(event.target.value)} />
          </label>
          <div className="ops-filters__buttons">
            <button type="submit" className="ops-button" disabled={!reason.trim() || !/^-?\d+$/.test(points.trim())}>
              {t('player.rewards.correct')}
            </button>
          </div>
        </form>
      ) : null}
      <ErrorNote error={error} />
      {done ? <p role="status">{done}</p> : <p role="status" className="visually-hidden" />}
    </section>
  );
}
