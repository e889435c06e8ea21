import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@topup/shared/api';
import { useQuery } from '@topup/shared/query';
import type { RoleInfo } from '@topup/shared/types';
import { claimDailyGift, confirmOwnershipCode, endOwnership, getDailyGift, getOwnership, getPoints, redeemPoints, redeemToken, sendOwnershipCode, type LinkedCharacterKey } from './linked-api';
import { LinkedOrders } from './LinkedOrders';
import { LINKED_NAMESPACE } from './linked-strings';
import './linked-character.css';
import { SandboxMailbox } from './SandboxMailbox';

/** The storefront's classes for the panel's parts: each keeps its CSS (the `lc-` classes too, loaded with the panel). */
export interface LinkedPanelClasses {
  readonly card: string;
  readonly title: string;
  readonly button: string;
  readonly primary: string;
  readonly secondary: string;
  readonly field: string;
  readonly label: string;
  readonly input: string;
  readonly hint: string;
  readonly error: string;
  /** A link in the storefront's words (the receipts of "My orders by character"). */
  readonly link: string;
}

export interface LinkedCharacterPanelProps {
  readonly gameId: string;
  /** The area the page sells in. */
  readonly area: string;
  readonly role: RoleInfo;
  readonly classes: LinkedPanelClasses;
  /**
   * Where "My orders by character" opens as a page of its own (the phone's My orders page); without
   * it the orders open inside the panel (the pay centre).
   */
  readonly ordersHref?: string;
  /** Told when the panel shows this browser linked (the phone keeps a hint for My orders, decision 311). */
  readonly onLinkedHere?: () => void;
}

const useLinkedTranslation = () => useTranslation(LINKED_NAMESPACE);

/** What a failed call says on the page: the store's words, or the fallback for an unexpected failure. */
const errorText = (error: unknown, fallback: string) => (isApiError(error) ? error.message : fallback);

/**
 * After a character is confirmed (loaded on demand with the checkout part, which `#/` never loads): link this browser to it with a code from its game
 * mail, then its daily gift and points, and "End link" (docs/api.md, "Linked characters").
 */
export function LinkedCharacterPanel({ gameId, area, role, classes: c, ordersHref, onLinkedHere }: LinkedCharacterPanelProps) {
  const { t } = useLinkedTranslation();
  const key: LinkedCharacterKey = { game_id: gameId, area, server_id: role.server_id, role_id: role.role_id };
  const queryKey = `${gameId}|${area}|${role.server_id}|${role.role_id}`;
  const ownership = useQuery(queryKey, (signal) => getOwnership(key, signal), { onError: 'page' });
  const [linkedNow, setLinkedNow] = useState<boolean | null>(null);
  const linked = linkedNow ?? ownership.data?.linked ?? false;

  return (
    <section className={`${c.card} lc-panel`} aria-labelledby="lc-title" data-testid="linked-character">
      <h2 className={c.title} id="lc-title">
        {t('linked.title')}
      </h2>
      {ownership.loading && !ownership.data ? (
        <p className={c.hint} role="status">
          {t('linked.checking')}
        </p>
      ) : ownership.error && !ownership.data ? (
        <div className="lc-failed" role="alert">
          <p>{errorText(ownership.error, t('linked.failed'))}</p>
          <button type="button" className={c.button} onClick={ownership.retry}>
            {t('linked.retry')}
          </button>
        </div>
      ) : linked ? (
        <LinkedView
          classes={c}
          characterKey={key}
          queryKey={queryKey}
          roleName={role.role_name}
          ordersHref={ordersHref}
          onLinkedHere={onLinkedHere}
          expiresAt={ownership.data?.expires_at ?? null}
          onEnded={() => setLinkedNow(false)}
        />
      ) : (
        <LinkForm
          classes={c}
          characterKey={key}
          role={role}
          onLinked={() => {
            setLinkedNow(true);
            ownership.retry();
          }}
        />
      )}
    </section>
  );
}

function LinkForm({ classes: c, characterKey, role, onLinked }: { readonly classes: LinkedPanelClasses; readonly characterKey: LinkedCharacterKey; readonly role: RoleInfo; readonly onLinked: () => void }) {
  const { t } = useLinkedTranslation();
  const inputId = useId();
  const [sent, setSent] = useState(0);
  const [busy, setBusy] = useState<'send' | 'confirm' | null>(null);
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState('');

  const send = async () => {
    if (busy) return;
    setBusy('send');
    setRefusal('');
    try {
      await sendOwnershipCode(characterKey, role.uid);
      setSent((count) => count + 1);
    } catch (error) {
      setRefusal(errorText(error, t('linked.failed')));
    } finally {
      setBusy(null);
    }
  };
  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy('confirm');
    setRefusal('');
    try {
      await confirmOwnershipCode(characterKey, code);
      onLinked();
    } catch (error) {
      setRefusal(errorText(error, t('linked.failed')));
      setBusy(null);
    }
  };

  return (
    <div className="lc-form">
      <p className="lc-intro">{t('linked.intro')}</p>
      {sent ? (
        <form className="lc-code" onSubmit={(event) => void confirm(event)} noValidate>
          <p role="status">{t('linked.sent', { name: role.role_name })}</p>
          <div className={c.field}>
            <label className={c.label} htmlFor={inputId}>
              {t('linked.codeLabel')}
            </label>
            <input
              id={inputId}
              className={`${c.input} lc-code__input`}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              aria-describedby={refusal ? `${inputId}-error` : undefined}
              aria-invalid={refusal ? true : undefined}
              data-testid="ownership-code"
            />
          </div>
          <button type="submit" className={c.primary} aria-disabled={busy !== null || undefined}>
            {busy === 'confirm' ? t('linked.confirming') : t('linked.confirm')}
          </button>
          <button type="button" className={c.secondary} aria-disabled={busy !== null || undefined} onClick={() => void send()}>
            {busy === 'send' ? t('linked.sending') : t('linked.resend')}
          </button>
        </form>
      ) : (
        <button type="button" className={c.primary} aria-disabled={busy !== null || undefined} onClick={() => void send()}>
          {busy === 'send' ? t('linked.sending') : t('linked.sendCode')}
        </button>
      )}
      {refusal ? (
        <p className={c.error} id={`${inputId}-error`} role="alert" data-testid="linked-refusal">
          {refusal}
        </p>
      ) : null}
      {sent ? <SandboxMailbox key={sent} characterKey={characterKey} roleName={role.role_name} hintClass={c.hint} buttonClass={c.button} /> : null}
    </div>
  );
}

function LinkedView({
  classes: c,
  characterKey,
  queryKey,
  roleName,
  ordersHref,
  onLinkedHere,
  expiresAt,
  onEnded,
}: {
  readonly classes: LinkedPanelClasses;
  readonly characterKey: LinkedCharacterKey;
  readonly queryKey: string;
  readonly roleName: string;
  readonly ordersHref: string | undefined;
  readonly onLinkedHere: (() => void) | undefined;
  readonly expiresAt: string | null;
  readonly onEnded: () => void;
}) {
  const { t, i18n } = useLinkedTranslation();
  const gift = useQuery(`${queryKey}|gift`, (signal) => getDailyGift(characterKey, signal), { onError: 'page' });
  const points = useQuery(`${queryKey}|points`, (signal) => getPoints(characterKey, signal), { onError: 'page' });
  const [busy, setBusy] = useState<string | null>(null);
  const [token, setToken] = useState(redeemToken);
  const [redeemed, setRedeemed] = useState('');
  const [claimed, setClaimed] = useState(false);
  const [refusal, setRefusal] = useState('');
  const [showOrders, setShowOrders] = useState(false);
  // This browser holds a link: the storefront may keep that in mind (the phone's My orders).
  useEffect(() => {
    onLinkedHere?.();
  }, [onLinkedHere]);
  const date = (iso: string | null, withTime: boolean) =>
    iso ? new Intl.DateTimeFormat(i18n.language, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'long' }).format(new Date(iso)) : '';

  const act = async (what: string) => {
    if (busy) return;
    setBusy(what);
    setRefusal('');
    setRedeemed('');
    try {
      if (what.startsWith('redeem:')) {
        const reward = points.data?.rewards.find((one) => `redeem:${one.reward_id}` === what);
        if (reward) {
          await redeemPoints(characterKey, reward.reward_id, token);
          setToken(redeemToken());
          setRedeemed(t('linked.redeemed', { name: reward.name }));
          points.retry();
        }
      } else if (what === 'claim') {
        await claimDailyGift(characterKey);
        setClaimed(true);
        gift.retry();
      } else {
        await endOwnership(characterKey);
        onEnded();
      }
    } catch (error) {
      setRefusal(errorText(error, t('linked.failed')));
    } finally {
      setBusy(null);
    }
  };

  const today = gift.data;
  const balance = points.data;
  return (
    <div className="lc-linked">
      <p role="status" data-testid="linked-state">
        {t('linked.done', { date: date(expiresAt, false) })}
      </p>
      <div className="lc-block" aria-labelledby="lc-gift-title">
        <h3 className="lc-block__title" id="lc-gift-title">
          {t('linked.giftTitle')}
        </h3>
        {gift.error ? <p className={c.error}>{errorText(gift.error, t('linked.failed'))}</p> : null}
        {today && !today.offered ? <p>{t('linked.noGift')}</p> : null}
        {today?.offered ? (
          <>
            <p>{t('linked.giftItems', { items: today.items.map((item) => `${item.name} ×${item.quantity}`).join(', ') })}</p>
            {today.claimed || claimed ? (
              <p role="status" data-testid="gift-claimed">
                {t('linked.claimed', { time: date(today.next_at, true) })}
              </p>
            ) : (
              <button type="button" className={c.primary} aria-disabled={busy !== null || undefined} onClick={() => void act('claim')}>
                {busy === 'claim' ? t('linked.claiming') : t('linked.claim')}
              </button>
            )}
          </>
        ) : null}
      </div>
      <div className="lc-block" aria-labelledby="lc-points-title">
        <h3 className="lc-block__title" id="lc-points-title">
          {t('linked.pointsTitle')}
        </h3>
        {points.error ? <p className={c.error}>{errorText(points.error, t('linked.failed'))}</p> : null}
        {balance ? (
          <>
            <p className="lc-points" data-testid="points-balance">
              {t('linked.points', { count: balance.balance })}
            </p>
            {balance.tier ? <p>{t('linked.tier', { tier: balance.tier.name })}</p> : null}
            {balance.next_tier ? <p>{t('linked.nextTier', { count: balance.next_tier.min_points - balance.balance, tier: balance.next_tier.name })}</p> : null}
            <p className={c.hint}>{t('linked.pointsNote')}</p>
            {balance.rewards.length > 0 ? (
              <ul className="lc-rewards" aria-label={t('linked.rewardsTitle')}>
                {balance.rewards.map((reward) => (
                  <li key={reward.reward_id}>
                    <span>{t('linked.reward', { name: reward.name, count: reward.points })}</span>
                    <button
                      type="button"
                      className={c.button}
                      aria-disabled={busy !== null || balance.balance < reward.points || undefined}
                      onClick={balance.balance < reward.points ? undefined : () => void act(`redeem:${reward.reward_id}`)}
                    >
                      {busy === `redeem:${reward.reward_id}` ? t('linked.redeeming') : t('linked.redeem', { name: reward.name })}
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
            {redeemed ? (
              <p role="status" data-testid="reward-redeemed">
                {redeemed}
              </p>
            ) : null}
          </>
        ) : null}
      </div>
      <div className="lc-block">
        {ordersHref ? (
          <a className={c.link} href={ordersHref} data-testid="linked-orders-open">
            {t('linked.orders.open')}
          </a>
        ) : (
          <button type="button" className={c.secondary} aria-expanded={showOrders} onClick={() => setShowOrders((shown) => !shown)} data-testid="linked-orders-open">
            {showOrders ? t('linked.orders.hide') : t('linked.orders.open')}
          </button>
        )}
        {showOrders && !ordersHref ? <LinkedOrders characterKey={characterKey} roleName={roleName} classes={c} /> : null}
      </div>
      {refusal ? (
        <p className={c.error} role="alert">
          {refusal}
        </p>
      ) : null}
      <button type="button" className={c.secondary} aria-disabled={busy !== null || undefined} onClick={() => void act('end')}>
        {t('linked.end')}
      </button>
    </div>
  );
}
