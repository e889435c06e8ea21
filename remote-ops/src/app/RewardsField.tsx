import { useMemo, type ReactNode } from 'react';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { decimalsOf, NO_REWARDS, type NamesInput, type RewardsInput, type RewardsPart } from './catalogue-fields';
import { ItemRows } from './ItemRows';

/** The IANA time zones this browser knows, with UTC; the server's check is the judge. */
function timeZones(current: string): string[] {
  let known: string[] = [];
  try {
    known = Intl.supportedValuesOf('timeZone');
  } catch {
    known = [];
  }
  return [...new Set(['UTC', ...known, ...(current ? [current] : [])])].sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)));
}

/** "10.00 USD", "1,000 KRW" for 1,000 minor units of a currency; null while the code is not one. */
function perThousand(currency: string): string | null {
  const code = currency.trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return null;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
  } catch {
    return null;
  }
  const decimals = decimalsOf(code);
  return `${new Intl.NumberFormat('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(1000 / 10 ** decimals)} ${code}`;
}

interface RewardsFieldProps {
  readonly id: string;
  readonly label: string;
  readonly value: RewardsInput;
  readonly readOnly: boolean;
  /** The hint and the problems of the rewards as a whole. */
  readonly after: ReactNode;
  readonly describedBy: string | undefined;
  /** The problems of one part, in the operator's language (the server's, and the form's own). */
  readonly problemsOf: (part: RewardsPart) => readonly string[];
  readonly onChange: (value: RewardsInput) => void;
}

/**
 * A game's rewards for linked characters (decision 305): its time zone, the daily gift's items, points per
 * currency, tiers and what points buy, each list a set of rows. The form turns inputs into the catalogue's
 * values; the server's check of the catalogue file judges them and its problems are shown by their part.
 */
export function RewardsField({ id, label, value, readOnly, after, describedBy, problemsOf, onChange }: RewardsFieldProps) {
  const { t } = useOpsTranslation();
  const zones = useMemo(() => timeZones(value.time_zone), [value.time_zone]);
  const set = (change: Partial<RewardsInput>) => onChange({ ...value, ...change });

  /** A part's hint and problems, and what its inputs are described by. */
  const partNotes = (part: RewardsPart, hint: string) => {
    const problems = problemsOf(part);
    const notes = (
      <>
        <small id={`${id}-${part}-hint`} className="ops-muted">
          {hint}
        </small>
        {problems.length > 0 ? (
          <small id={`${id}-${part}-problem`} className="ops-error-text">
            {problems.join(' · ')}
          </small>
        ) : null}
      </>
    );
    return { notes, invalid: problems.length > 0, describedBy: `${id}-${part}-hint${problems.length > 0 ? ` ${id}-${part}-problem` : ''}` };
  };
  const zone = partNotes('time_zone', t('editor.rewards.hint.time_zone'));
  const gift = partNotes('daily_gift', t('editor.rewards.hint.daily_gift'));
  const rates = partNotes('points_per_1000_minor', t('editor.rewards.hint.rates'));
  const tiers = partNotes('tiers', t('editor.rewards.hint.tiers'));
  const redeem = partNotes('redeem', t('editor.rewards.hint.redeem'));

  const names = (prefix: string, row: NamesInput, invalid: boolean, change: (names: Partial<NamesInput>) => void) =>
    (['en', 'ko', 'zh'] as const).map((language) => (
      <label key={language} className="ops-field" htmlFor={`${prefix}-${language}`}>
        <span>{t(`editor.rewards.name.${language}`)}</span>
        <input id={`${prefix}-${language}`} value={row[language]} disabled={readOnly} aria-invalid={invalid || undefined} onChange={(e) => change({ [language]: e.target.value })} />
      </label>
    ));
  const remove = (label: string, onClick: () => void) =>
    readOnly ? null : (
      <button type="button" className="ops-button ops-button--quiet" onClick={onClick}>
        {label}
      </button>
    );
  const add = (label: string, onClick: () => void) =>
    readOnly ? null : (
      <button type="button" className="ops-button ops-button--quiet ops-items__add" onClick={onClick}>
        {label}
      </button>
    );

  return (
    <fieldset className="ops-field ops-field--wide ops-rewards" aria-describedby={describedBy} data-field-kind="rewards">
      <legend>{label}</legend>
      <label className="ops-check" htmlFor={`${id}-on`}>
        <input id={`${id}-on`} type="checkbox" disabled={readOnly} checked={value.on} onChange={(e) => onChange(e.target.checked ? { ...(value.on ? value : NO_REWARDS), on: true } : { ...value, on: false })} />
        <span>{t('editor.rewards.on')}</span>
      </label>
      {after}
      {value.on ? (
        <>
          <div className="ops-field">
            <label htmlFor={`${id}-zone`}>{t('editor.rewards.time_zone')}</label>
            <select id={`${id}-zone`} value={value.time_zone} disabled={readOnly} aria-invalid={zone.invalid || undefined} aria-describedby={zone.describedBy} onChange={(e) => set({ time_zone: e.target.value })}>
              {zones.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
            {zone.notes}
          </div>

          <ItemRows id={`${id}-gift`} label={t('editor.rewards.daily_gift')} items={value.gift} readOnly={readOnly} invalid={gift.invalid} describedBy={gift.describedBy} after={gift.notes} onChange={(items) => set({ gift: items })} />

          <fieldset className="ops-field ops-field--wide ops-items" aria-describedby={rates.describedBy}>
            <legend>{t('editor.rewards.rates')}</legend>
            {value.rates.length === 0 ? <p className="ops-muted">{t('editor.rewards.noRates')}</p> : null}
            {value.rates.map((rate, index) => {
              const amount = perThousand(rate.currency);
              const change = (next: Partial<(typeof value.rates)[number]>) => set({ rates: value.rates.map((one, at) => (at === index ? { ...one, ...next } : one)) });
              return (
                <div key={index} className="ops-rewards__row ops-rewards__row--rate" role="group" aria-label={t('editor.rewards.rateRow', { n: index + 1 })}>
                  <label className="ops-field" htmlFor={`${id}-rate-${index}-currency`}>
                    <span>{t('editor.rewards.currency')}</span>
                    <input
                      id={`${id}-rate-${index}-currency`}
                      value={rate.currency}
                      maxLength={3}
                      autoCapitalize="characters"
                      disabled={readOnly}
                      aria-invalid={rates.invalid || undefined}
                      onChange={(e) => change({ currency: e.target.value.toUpperCase() })}
                    />
                  </label>
                  <label className="ops-field" htmlFor={`${id}-rate-${index}-points`}>
                    <span>{amount ? t('editor.rewards.pointsPer', { amount }) : t('editor.rewards.pointsPerThousand')}</span>
                    <input id={`${id}-rate-${index}-points`} value={rate.points} inputMode="numeric" disabled={readOnly} aria-invalid={rates.invalid || undefined} onChange={(e) => change({ points: e.target.value })} />
                  </label>
                  {remove(t('editor.rewards.removeRate', { n: index + 1 }), () => set({ rates: value.rates.filter((_, at) => at !== index) }))}
                </div>
              );
            })}
            {add(t('editor.rewards.addRate'), () => set({ rates: [...value.rates, { currency: '', points: '' }] }))}
            {rates.notes}
          </fieldset>

          <fieldset className="ops-field ops-field--wide ops-items" aria-describedby={tiers.describedBy}>
            <legend>{t('editor.rewards.tiers')}</legend>
            {value.tiers.length === 0 ? <p className="ops-muted">{t('editor.rewards.noTiers')}</p> : null}
            {value.tiers.map((tier, index) => {
              const change = (next: Partial<(typeof value.tiers)[number]>) => set({ tiers: value.tiers.map((one, at) => (at === index ? { ...one, ...next } : one)) });
              return (
                <div key={index} className="ops-rewards__row ops-rewards__row--tier" role="group" aria-label={t('editor.rewards.tierRow', { n: index + 1 })}>
                  <label className="ops-field" htmlFor={`${id}-tier-${index}-points`}>
                    <span>{t('editor.rewards.minPoints')}</span>
                    <input id={`${id}-tier-${index}-points`} value={tier.min_points} inputMode="numeric" disabled={readOnly} aria-invalid={tiers.invalid || undefined} onChange={(e) => change({ min_points: e.target.value })} />
                  </label>
                  {names(`${id}-tier-${index}`, tier, tiers.invalid, change)}
                  {remove(t('editor.rewards.removeTier', { n: index + 1 }), () => set({ tiers: value.tiers.filter((_, at) => at !== index) }))}
                </div>
              );
            })}
            {add(t('editor.rewards.addTier'), () => set({ tiers: [...value.tiers, { min_points: '', en: '', ko: '', zh: '' }] }))}
            {tiers.notes}
          </fieldset>

          <fieldset className="ops-field ops-field--wide ops-items" aria-describedby={redeem.describedBy}>
            <legend>{t('editor.rewards.redeem')}</legend>
            {value.redeem.length === 0 ? <p className="ops-muted">{t('editor.rewards.noRedeem')}</p> : null}
            {value.redeem.map((reward, index) => {
              const change = (next: Partial<(typeof value.redeem)[number]>) => set({ redeem: value.redeem.map((one, at) => (at === index ? { ...one, ...next } : one)) });
              const rowId = `${id}-reward-${index}`;
              return (
                <fieldset key={index} className="ops-rewards__reward">
                  <legend>{t('editor.rewards.rewardRow', { n: index + 1 })}</legend>
                  <div className="ops-rewards__row">
                    <label className="ops-field" htmlFor={`${rowId}-id`}>
                      <span>{t('editor.rewards.rewardId')}</span>
                      <input id={`${rowId}-id`} value={reward.reward_id} disabled={readOnly} aria-invalid={redeem.invalid || undefined} onChange={(e) => change({ reward_id: e.target.value })} />
                    </label>
                    <label className="ops-field" htmlFor={`${rowId}-points`}>
                      <span>{t('editor.rewards.cost')}</span>
                      <input id={`${rowId}-points`} value={reward.points} inputMode="numeric" disabled={readOnly} aria-invalid={redeem.invalid || undefined} onChange={(e) => change({ points: e.target.value })} />
                    </label>
                    {names(rowId, reward, redeem.invalid, change)}
                  </div>
                  <ItemRows id={`${rowId}-items`} label={t('editor.rewards.rewardItems', { n: index + 1 })} items={reward.items} readOnly={readOnly} invalid={redeem.invalid} describedBy={undefined} after={null} onChange={(items) => change({ items })} />
                  {remove(t('editor.rewards.removeReward', { n: index + 1 }), () => set({ redeem: value.redeem.filter((_, at) => at !== index) }))}
                </fieldset>
              );
            })}
            {add(t('editor.rewards.addReward'), () => set({ redeem: [...value.redeem, { reward_id: '', points: '', en: '', ko: '', zh: '', items: [] }] }))}
            {redeem.notes}
          </fieldset>
        </>
      ) : null}
    </fieldset>
  );
}
