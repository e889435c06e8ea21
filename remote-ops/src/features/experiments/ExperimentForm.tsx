import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { ErrorNote } from '../../app/parts';
import { newRequestKey, type OpsApiError } from '../../lib/ops-client';
import { useOpsTranslation } from '../../lib/use-ops-translation';
import { asError } from '../alerts/as-error';
import { createExperiment, type ExperimentArea, type ExperimentList, type Guardrail } from './experiments-api';

/** A bonus item of a variant as typed: the item ('' for none) and how many. */
interface BonusInput {
  readonly item: string;
  readonly count: string;
}

/** One variant as its row of inputs (text while it is typed). */
interface VariantInput {
  readonly variant: string;
  readonly share: string;
  readonly percentOff: string;
  /** At least one line; a line with no item adds nothing. */
  readonly bonus: readonly BonusInput[];
}

const CONTROL = 'control';
const GUARDRAILS: readonly Guardrail[] = ['revenue_per_visitor', 'conversion'];
const FIRST_ROWS: readonly VariantInput[] = [
  { variant: CONTROL, share: '50', percentOff: '0', bonus: [{ item: '', count: '' }] },
  { variant: 'variant-a', share: '50', percentOff: '10', bonus: [{ item: '', count: '' }] },
];
const MAX_VARIANTS = 6;
const MAX_BONUS_ITEMS = 4;

const whole = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

interface Props {
  readonly areas: readonly ExperimentArea[];
  readonly onStarted: (answer: ExperimentList, name: string) => void;
  readonly onCancel: () => void;
}

/**
 * Defines an experiment: a name, a bundle of a game's area (from the catalogue's bundles on sale), the
 * guardrail, then the variants as rows (the control first, the catalogue's own offer) with their share,
 * per cent off and bonus items. The store checks it all again and says what is wrong.
 */
export function ExperimentForm({ areas, onStarted, onCancel }: Props) {
  const { t, i18n } = useOpsTranslation();
  const id = useId();
  const [name, setName] = useState('');
  const [place, setPlace] = useState(areas[0] ? `${areas[0].game_id}/${areas[0].area}` : '');
  const area = areas.find((entry) => `${entry.game_id}/${entry.area}` === place) ?? null;
  const [productId, setProductId] = useState(area?.bundles[0]?.product_id ?? '');
  const [guardrail, setGuardrail] = useState<Guardrail>('revenue_per_visitor');
  const [minVisitors, setMinVisitors] = useState('200');
  const [rows, setRows] = useState<readonly VariantInput[]>(FIRST_ROWS);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [requestKey, setRequestKey] = useState(newRequestKey);
  const language = i18n.language || 'en';
  // Opened by a button that goes away: the keyboard's focus moves to the form's heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const total = useMemo(() => rows.reduce((sum, row) => sum + (Number.isNaN(whole(row.share)) ? 0 : whole(row.share)), 0), [rows]);

  const choosePlace = (value: string) => {
    setPlace(value);
    const next = areas.find((entry) => `${entry.game_id}/${entry.area}` === value);
    setProductId(next?.bundles[0]?.product_id ?? '');
    setRows((current) => current.map((row) => ({ ...row, bonus: [{ item: '', count: '' }] })));
  };
  const set = (index: number, change: Partial<VariantInput>) => setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)));
  const setBonus = (index: number, line: number, change: Partial<BonusInput>) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, bonus: row.bonus.map((entry, n) => (n === line ? { ...entry, ...change } : entry)) } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !area) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await createExperiment({
        experiment_id: name.trim(),
        game_id: area.game_id,
        area: area.area,
        product_id: productId,
        guardrail,
        min_visitors: whole(minVisitors),
        reason: reason.trim() || undefined,
        request_key: requestKey,
        variants: rows.map((row, index) => ({
          variant: index === 0 ? CONTROL : row.variant.trim(),
          share: whole(row.share),
          percent_off: index === 0 ? 0 : whole(row.percentOff || '0'),
          bonus_items: index > 0 ? row.bonus.filter((entry) => entry.item).map((entry) => ({ item_id: entry.item, count: whole(entry.count) })) : [],
        })),
      });
      onStarted(answer, name.trim());
    } catch (failure) {
      setError(asError(failure));
      // A refused definition may be corrected and sent again: that is another request.
      setRequestKey(newRequestKey());
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ops-card ops-experiments__form" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {t('experiments.define')}
      </h2>
      <p className="ops-muted">{t('experiments.defineIntro')}</p>
      <div className="ops-form-grid">
        <div className="ops-field">
          <label htmlFor={`${id}-name`}>{t('experiments.name')}</label>
          <input id={`${id}-name`} required maxLength={40} pattern="[a-z0-9][a-z0-9\-]{0,39}" autoComplete="off" aria-describedby={`${id}-name-help`} value={name} onChange={(e) => setName(e.target.value)} />
          <small id={`${id}-name-help`}>{t('experiments.nameHelp')}</small>
        </div>
        <label className="ops-field" htmlFor={`${id}-place`}>
          <span>{t('experiments.gameArea')}</span>
          <select id={`${id}-place`} required value={place} onChange={(e) => choosePlace(e.target.value)}>
            {areas.map((entry) => (
              <option key={`${entry.game_id}/${entry.area}`} value={`${entry.game_id}/${entry.area}`}>
                {`${entry.game_names[language] ?? entry.game_names.en ?? entry.game_id} · ${entry.area}`}
              </option>
            ))}
          </select>
        </label>
        <label className="ops-field" htmlFor={`${id}-bundle`}>
          <span>{t('experiments.bundle')}</span>
          <select id={`${id}-bundle`} required value={productId} onChange={(e) => setProductId(e.target.value)}>
            {(area?.bundles ?? []).map((bundle) => (
              <option key={bundle.product_id} value={bundle.product_id}>
                {`${bundle.name} (${bundle.product_id})`}
              </option>
            ))}
          </select>
        </label>
        <div className="ops-field">
          <label htmlFor={`${id}-guardrail`}>{t('experiments.guardrail')}</label>
          <select id={`${id}-guardrail`} value={guardrail} aria-describedby={`${id}-guardrail-help`} onChange={(e) => setGuardrail(e.target.value as Guardrail)}>
            {GUARDRAILS.map((entry) => (
              <option key={entry} value={entry}>
                {t(`experiments.guardrail.${entry}`)}
              </option>
            ))}
          </select>
          <small id={`${id}-guardrail-help`}>{t('experiments.guardrailHelp')}</small>
        </div>
        <label className="ops-field" htmlFor={`${id}-min`}>
          <span>{t('experiments.minVisitors')}</span>
          <input id={`${id}-min`} required inputMode="numeric" pattern="[0-9]+" value={minVisitors} onChange={(e) => setMinVisitors(e.target.value)} />
        </label>
      </div>

      <fieldset className="ops-field ops-field--wide ops-items ops-experiments__variants">
        <legend>{t('experiments.variants')}</legend>
        <p className="ops-muted">{t('experiments.variantsHelp')}</p>
        {rows.map((row, index) => {
          const control = index === 0;
          const cell = (key: keyof VariantInput) => `${id}-${index}-${key}`;
          return (
            <div key={index} className="ops-items__row ops-experiments__row" role="group" aria-label={control ? t('experiments.controlRow') : t('experiments.variantRow', { n: index })}>
              <label className="ops-field" htmlFor={cell('variant')}>
                <span>{t('experiments.col.variant')}</span>
                <input id={cell('variant')} required readOnly={control} maxLength={20} pattern="[a-z0-9][a-z0-9\-]{0,19}" autoComplete="off" value={control ? CONTROL : row.variant} onChange={(e) => set(index, { variant: e.target.value })} />
              </label>
              <label className="ops-field" htmlFor={cell('share')}>
                <span>{t('experiments.sharePercent')}</span>
                <input id={cell('share')} required inputMode="numeric" pattern="[0-9]+" value={row.share} onChange={(e) => set(index, { share: e.target.value })} />
              </label>
              <label className="ops-field" htmlFor={cell('percentOff')}>
                <span>{t('experiments.percentOffLabel')}</span>
                <input id={cell('percentOff')} inputMode="numeric" pattern="[0-9]+" readOnly={control} value={control ? '0' : row.percentOff} onChange={(e) => set(index, { percentOff: e.target.value })} />
              </label>
              <div className="ops-experiments__bonus">
                {(control ? row.bonus.slice(0, 1) : row.bonus).map((entry, line) => {
                  const n = line + 1;
                  const itemId = `${cell('bonus')}-${line}-item`;
                  const countId = `${cell('bonus')}-${line}-count`;
                  return (
                    <div key={line} className="ops-experiments__bonus-line">
                      <label className="ops-field" htmlFor={itemId}>
                        <span>{line === 0 ? t('experiments.bonusItemLabel') : t('experiments.bonusItemN', { n })}</span>
                        <select
                          id={itemId}
                          disabled={control}
                          value={control ? '' : entry.item}
                          onChange={(e) => setBonus(index, line, { item: e.target.value, count: e.target.value && !entry.count ? '1' : entry.count })}
                        >
                          <option value="">{t('experiments.noBonus')}</option>
                          {(area?.items ?? []).map((item) => (
                            <option key={item} value={item}>
                              {item}
                            </option>
                          ))}
                        </select>
                      </label>
                      <label className="ops-field" htmlFor={countId}>
                        <span>{line === 0 ? t('experiments.bonusCount') : t('experiments.bonusCountN', { n })}</span>
                        <input
                          id={countId}
                          inputMode="numeric"
                          pattern="[0-9]+"
                          disabled={control || !entry.item}
                          required={!control && Boolean(entry.item)}
                          value={control ? '' : entry.count}
                          onChange={(e) => setBonus(index, line, { count: e.target.value })}
                        />
                      </label>
                      {line > 0 ? (
                        <button type="button" className="ops-button ops-button--quiet" onClick={() => set(index, { bonus: row.bonus.filter((_, at) => at !== line) })}>
                          {t('experiments.removeBonusItem', { n })}
                        </button>
                      ) : (
                        <span />
                      )}
                    </div>
                  );
                })}
                {!control && row.bonus.length < MAX_BONUS_ITEMS && row.bonus.every((entry) => entry.item) ? (
                  <button type="button" className="ops-button ops-button--quiet ops-experiments__bonus-add" onClick={() => set(index, { bonus: [...row.bonus, { item: '', count: '' }] })}>
                    {t('experiments.addBonusItem')}
                  </button>
                ) : null}
              </div>
              {!control && rows.length > 2 ? (
                <button type="button" className="ops-button ops-button--quiet" onClick={() => setRows((current) => current.filter((_, at) => at !== index))}>
                  {t('experiments.removeVariant', { n: index })}
                </button>
              ) : (
                <span />
              )}
            </div>
          );
        })}
        {rows.length < MAX_VARIANTS ? (
          <button
            type="button"
            className="ops-button ops-button--quiet ops-items__add"
            onClick={() => setRows((current) => [...current, { variant: `variant-${String.fromCharCode(97 + current.length - 1)}`, share: '0', percentOff: '10', bonus: [{ item: '', count: '' }] }])}
          >
            {t('experiments.addVariant')}
          </button>
        ) : null}
        <p className={total === 100 ? 'ops-muted' : 'ops-error-text'} aria-live="polite">
          {total === 100 ? t('experiments.sharesOk') : t('experiments.sharesOff', { total })}
        </p>
      </fieldset>

      <label className="ops-field ops-field--wide" htmlFor={`${id}-reason`}>
        <span>{t('experiments.why')}</span>
        <textarea id={`${id}-reason`} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </label>
      <ErrorNote error={error} />
      <div className="ops-actions">
        <button type="submit" className="ops-button" disabled={busy || !area}>
          {busy ? t('common.working') : t('experiments.start')}
        </button>
        <button type="button" className="ops-button ops-button--quiet" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
