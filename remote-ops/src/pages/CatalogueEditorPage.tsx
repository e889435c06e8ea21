import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { currencyCode } from '@topup/shared/rules';
import type { CatalogueDraft, CatalogueDraftRow, PriceChange } from '@topup/shared/types';
import { opsCall, OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ActionDialog, Empty, ErrorNote, largePriceChangesOf, Loading, PriceChangingDialog, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';
import { CatalogueDiffView } from '../app/CatalogueDiffView';
import { ImageField } from '../app/ImageField';
import { ItemRows } from '../app/ItemRows';
import { RewardsField } from '../app/RewardsField';
import { blankRow, fieldsOf, fromInputs, LIST_SPECS, NO_REWARDS, specOf, toInputs, type Draft, type FieldSpec, type InputProblem, type ItemInput, type RewardsInput, type RewardsPart } from '../app/catalogue-fields';

type Row = Readonly<Record<string, unknown>>;

interface Editing {
  readonly list: string;
  /** The row as the form opened it; null fields of a new row come from the list's blank. */
  readonly row: Row;
  readonly isNew: boolean;
}

/**
 * The catalogue editor: every list of the catalogue as the draft would publish it, a form per row, the
 * draft's problems, and Publish (one new revision, the import's checks and second confirmation).
 */
export function CatalogueEditorPage() {
  const { t } = useOpsTranslation();
  const session = useSession();
  const canEdit = session.may('catalogue.edit');
  const draft = useOpsQuery('catalogue-draft', () => opsCall<CatalogueDraft>('GET', '/catalogue/draft'));
  const [current, setCurrent] = useState<CatalogueDraft | null>(null);
  const shown = current ?? draft.data;
  const [list, setList] = useState('games');
  const [game, setGame] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [publishing, setPublishing] = useState<{ large: readonly PriceChange[] | null } | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState<OpsApiError | null>(null);
  const filterId = useId();
  const formats = useFormats();

  const rows = useMemo(() => ((shown?.file[list] as Row[] | undefined) ?? []).filter((row) => !game || String(row.game_id ?? '') === game), [shown, list, game]);
  const games = (shown?.file.games as Row[] | undefined) ?? [];
  const marks = useMemo(() => new Map((shown?.rows ?? []).filter((r) => r.list === list).map((r) => [r.key, r])), [shown, list]);
  const spec = specOf(list);

  const reload = () => {
    setCurrent(null);
    draft.reload();
  };

  const publish = async (reason: string, requestKey: string) => {
    try {
      const outcome = await opsCall<{ revision: number }>('POST', '/catalogue/draft/publish', { reason, request_key: requestKey, confirm_price_changes: publishing?.large !== null });
      setDone(t('editor.published', { revision: outcome.revision }));
      setEditing(null);
      reload();
    } catch (failure) {
      const large = largePriceChangesOf(failure);
      if (large && publishing?.large === null) setPublishing({ large });
      throw failure;
    }
  };

  const discard = async (reason: string) => {
    const answer = await opsCall<{ draft: CatalogueDraft }>('POST', '/catalogue/draft/discard', { reason });
    setCurrent(answer.draft);
    setEditing(null);
    setDone(t('editor.discarded'));
  };

  const drop = async (row: CatalogueDraftRow) => {
    setError(null);
    try {
      const answer = await opsCall<{ draft: CatalogueDraft }>('POST', '/catalogue/draft/drop', { list: row.list, key: row.key });
      setCurrent(answer.draft);
      setEditing(null);
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
    }
  };

  const keyOf = (row: Row) => spec?.key(row) ?? null;

  const changes = shown?.rows.length ?? 0;

  return (
    <OpsPageFrame
      title={t('editor.title')}
      actions={
        <Link className="ops-button ops-button--quiet" to="/ops/catalogue">
          {t('editor.back')}
        </Link>
      }
    >
      <ErrorNote error={draft.error} onRetry={reload} />
      {draft.loading && !shown ? <Loading /> : null}
      {done ? (
        <p className="ops-note ops-note--ok" role="status">
          {done}
        </p>
      ) : null}

      {shown ? (
        <section className="ops-card ops-draft" aria-labelledby="draft-title">
          <h2 id="draft-title">{t('editor.draft')}</h2>
          <p>{changes === 0 ? t('editor.noChanges', { revision: shown.revision }) : t('editor.changes', { count: changes, revision: shown.revision })}</p>
          {shown.problems.length > 0 ? (
            <div className="ops-note ops-note--error ops-problems" role="alert">
              <div>
                <strong>{t('editor.problems', { count: shown.problems.length })}</strong>
                <ul>
                  {shown.problems.map((problem) => (
                    <li key={problem} className="ops-mono">
                      {problem}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
          {shown.diff.priceChanges.length > 0 ? (
            <ul className="ops-list">
              {shown.diff.priceChanges.map((change) => (
                <li key={change.product_id}>
                  {change.product_name}: {formats.priceChange(change)}
                </li>
              ))}
            </ul>
          ) : null}
          {changes > 0 ? <DraftPreview file={shown.file} game={game || (editing && typeof editing.row.game_id === 'number' ? String(editing.row.game_id) : '')} area={editing && typeof editing.row.area === 'string' ? editing.row.area : ''} /> : null}
          {canEdit ? (
            <div className="ops-actions">
              <button type="button" className="ops-button" disabled={changes === 0 || shown.problems.length > 0} onClick={() => setPublishing({ large: null })}>
                {t('editor.publish', { revision: shown.revision + 1 })}
              </button>
              <button type="button" className="ops-button ops-button--quiet" disabled={changes === 0} onClick={() => setDiscarding(true)}>
                {t('editor.discard')}
              </button>
            </div>
          ) : (
            <p className="ops-muted">{t('editor.readOnly')}</p>
          )}
        </section>
      ) : null}

      {shown ? (
        <>
          <nav aria-label={t('editor.lists')} className="ops-tabs">
            {LIST_SPECS.filter((s) => Array.isArray(shown.file[s.list])).map((s) => (
              <button
                key={s.list}
                type="button"
                className={`ops-button ops-button--quiet${s.list === list ? ' is-active' : ''}`}
                aria-pressed={s.list === list}
                onClick={() => {
                  setList(s.list);
                  setEditing(null);
                }}
              >
                {t(`catalogue.lists.${s.list}`, { defaultValue: s.list })}
                <span className="ops-count">{(shown.file[s.list] as unknown[]).length}</span>
              </button>
            ))}
          </nav>
          <div className="ops-split ops-split--editor">
            <section className="ops-card" aria-labelledby="rows-title">
              <div className="ops-page__head">
                <h2 id="rows-title">{t(`catalogue.lists.${list}`, { defaultValue: list })}</h2>
                {canEdit && spec ? (
                  <button type="button" className="ops-button" onClick={() => setEditing({ list, row: { ...blankRow(spec), ...(game && 'game_id' in spec.blank ? { game_id: Number(game) } : {}) }, isNew: true })}>
                    {t('editor.add')}
                  </button>
                ) : null}
              </div>
              {list !== 'games' && list !== 'store_settings' ? (
                <label className="ops-field" htmlFor={filterId}>
                  <span>{t('editor.game')}</span>
                  <select id={filterId} value={game} onChange={(e) => setGame(e.target.value)}>
                    <option value="">{t('editor.allGames')}</option>
                    {games.map((g) => (
                      <option key={String(g.game_id)} value={String(g.game_id)}>
                        {String(g.game_id)} · {(g.names as { en?: string } | undefined)?.en ?? ''}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
              {rows.length === 0 ? <Empty>{t('editor.emptyList')}</Empty> : null}
              {rows.length > 0 ? (
                <ul className="ops-queue" aria-label={t(`catalogue.lists.${list}`, { defaultValue: list })}>
                  {rows.map((row, index) => {
                    const key = keyOf(row);
                    const mark = key ? marks.get(key) : undefined;
                    const title = spec?.title(row) || JSON.stringify(row).slice(0, 40);
                    return (
                      <li key={key ?? index} data-row={key ?? ''}>
                        <button
                          type="button"
                          className={`ops-queue__item${editing && !editing.isNew && keyOf(editing.row) === key ? ' is-active' : ''}`}
                          aria-current={editing && !editing.isNew && keyOf(editing.row) === key ? 'true' : undefined}
                          onClick={() => setEditing({ list, row, isNew: false })}
                        >
                          <span className="ops-row-title">
                            <span>{title}</span>
                            <RowFacts list={list} row={row} />
                          </span>
                          {mark ? <span className={`ops-tag ops-tag--${mark.stale ? 'failed' : mark.kind === 'new' ? 'paid' : 'pending'}`}>{t(mark.stale ? 'editor.stale' : `editor.${mark.kind}`)}</span> : null}
                          {row.active === false ? <span className="ops-tag">{t('editor.retired')}</span> : list === 'bundles' ? <SaleState row={row} /> : null}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              ) : null}
            </section>
            <div>
              <ErrorNote error={error} />
              {editing && editing.list === list ? (
                <RowEditor
                  key={`${editing.list}:${JSON.stringify(editing.row)}`}
                  editing={editing}
                  mark={editing.isNew ? null : (marks.get(keyOf(editing.row) ?? '') ?? null)}
                  canEdit={canEdit}
                  payTypes={shown.provider_pay_types ?? []}
                  onSaved={(next) => {
                    setCurrent(next.draft);
                    const saved = (next.draft.file[list] as Row[]).find((r) => spec?.key(r) === next.key);
                    setEditing(saved ? { list, row: saved, isNew: false } : null);
                    setDone(t('editor.saved'));
                  }}
                  onDrop={drop}
                  onClose={() => setEditing(null)}
                />
              ) : (
                <p className="ops-muted ops-card">{t('editor.pick')}</p>
              )}
              {editing && editing.list === 'games' && !editing.isNew && typeof editing.row.game_id === 'number' ? (
                <GameServerCard key={editing.row.game_id} gameId={editing.row.game_id} canEdit={session.may('game_servers.manage')} />
              ) : null}
            </div>
          </div>
        </>
      ) : null}

      {publishing && shown ? (
        <PriceChangingDialog
          large={publishing.large}
          title={t('editor.publishTitle', { revision: shown.revision + 1 })}
          description={t('editor.publishDescription', { count: changes })}
          confirmLabel={t('editor.publishButton')}
          onConfirm={publish}
          onClose={() => setPublishing(null)}
        >
          <h3 id="publish-diff-title">{t('editor.publishDiff')}</h3>
          <div className="ops-dialog__scroll" role="region" aria-labelledby="publish-diff-title" tabIndex={0}>
            <CatalogueDiffView diff={shown.diff} headingLevel={4} />
          </div>
        </PriceChangingDialog>
      ) : null}
      {discarding ? (
        <ActionDialog title={t('editor.discardTitle')} description={t('editor.discardDescription', { count: changes })} confirmLabel={t('editor.discard')} danger onConfirm={discard} onClose={() => setDiscarding(false)} />
      ) : null}
    </OpsPageFrame>
  );
}

/** A game's rewards the server refused by the catalogue file's rules (`rewards` of a 400 rowInvalid). */
interface RewardRefusal {
  readonly field: RewardsPart;
  readonly reason: 'timeZone' | 'tierOrder' | 'rewardTwice';
  readonly value?: string;
}

/** The part of a game's rewards a server problem names (`rewards/tiers/1/min_points: …`, `rewards.time_zone "…"`). */
const rewardsPartOf = (problem: string): RewardsPart | null => (/^rewards[./](time_zone|daily_gift|points_per_1000_minor|tiers|redeem)\b/.exec(problem)?.[1] as RewardsPart | undefined) ?? null;

/** A picture the server refused (`pictures` of a 400 rowInvalid). */
interface PictureRefusal {
  readonly field: string;
  readonly url: string;
  readonly reason: 'notUploaded' | 'notFound' | 'notOurs';
}

interface RowEditorProps {
  readonly editing: Editing;
  /** The payment provider's pay types: a pay method's type is chosen among them. */
  readonly payTypes: readonly string[];
  readonly mark: CatalogueDraftRow | null;
  readonly canEdit: boolean;
  readonly onSaved: (answer: { key: string; draft: CatalogueDraft }) => void;
  readonly onDrop: (row: CatalogueDraftRow) => Promise<void>;
  readonly onClose: () => void;
}

/** One row's form: each field as its kind of input; the server's problems next to the fields they name. */
function RowEditor({ editing, payTypes, mark, canEdit, onSaved, onDrop, onClose }: RowEditorProps) {
  const { t } = useOpsTranslation();
  const spec = specOf(editing.list);
  const fields = useMemo(
    () =>
      (spec ? fieldsOf(spec, editing.row) : []).map((field) =>
        editing.list === 'pay_types' && field.name === 'pay_type' && payTypes.length > 0
          ? { ...field, kind: 'choice' as const, choices: [...new Set(['', ...payTypes, String(editing.row.pay_type ?? '')])] }
          : field,
      ),
    [spec, editing.row, editing.list, payTypes],
  );
  const [inputs, setInputs] = useState<Draft>(() => toInputs(fields, editing.row, currencyCode));
  const [local, setLocal] = useState<InputProblem[]>([]);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  /** Pictures the store does not have, named in the operator's language next to their field. */
  const [pictures, setPictures] = useState<PictureRefusal[]>([]);
  /** A game's rewards the file's rules refuse, named in the operator's language by their part. */
  const [rewardRefusals, setRewardRefusals] = useState<RewardRefusal[]>([]);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const formId = useId();
  const firstProblem = useRef<HTMLDivElement>(null);
  const readOnly = !canEdit;

  /** A server problem names its field first (`price_minor: must be >= 1`, `items/0/quantity: …`). */
  const names = (problem: string, field: string) => problem === field || problem.startsWith(`${field}:`) || problem.startsWith(`${field}/`);
  const problemsOf = (field: string): string[] => [
    ...local.filter((p) => p.field === field).map((p) => t(`editor.input.${p.problem}`)),
    ...pictures.filter((p) => p.field === field).map((p) => t(`editor.picture.${p.reason}`, { url: p.url })),
    // A problem of one part of a game's rewards is shown by that part (rewardProblemsOf).
    ...serverProblems.filter((p) => names(p, field) && !(field === 'rewards' && rewardsPartOf(p))),
  ];
  const rewardProblemsOf = (part: RewardsPart): string[] => [
    ...local.filter((p) => p.field === `rewards.${part}`).map((p) => t(`editor.input.${p.problem}`)),
    ...rewardRefusals.filter((p) => p.field === part).map((p) => t(`editor.rewards.problem.${p.reason}`, { value: p.value ?? '' })),
    ...serverProblems.filter((p) => rewardsPartOf(p) === part),
  ];
  const rowProblems = serverProblems.filter((p) => !fields.some((field) => names(p, field.name)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || readOnly) return;
    const { row, problems } = fromInputs(fields, inputs, currencyCode);
    setLocal(problems);
    setServerProblems([]);
    setPictures([]);
    setRewardRefusals([]);
    setError(null);
    if (problems.length > 0) {
      firstProblem.current?.focus();
      return;
    }
    setBusy(true);
    try {
      onSaved(await opsCall<{ key: string; draft: CatalogueDraft }>('POST', '/catalogue/draft/rows', { list: editing.list, row }));
    } catch (failure) {
      const refusal = failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure));
      setError(refusal);
      const refused = Array.isArray(refusal.body?.pictures) ? (refusal.body.pictures as PictureRefusal[]) : [];
      const rewards = Array.isArray(refusal.body?.rewards) ? (refusal.body.rewards as RewardRefusal[]) : [];
      // The server's English words of a refusal the form names in the operator's language are not shown twice.
      const said = (problem: string) => refused.some((p) => problem.startsWith(`${p.field}: the picture ${p.url} `)) || (rewards.length > 0 && problem.startsWith('rewards.'));
      setPictures(refused);
      setRewardRefusals(rewards);
      setServerProblems(Array.isArray(refusal.body?.problems) ? (refusal.body.problems as string[]).filter((problem) => !said(problem)) : []);
      firstProblem.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const set = (name: string, value: Draft[string]) => setInputs((now) => ({ ...now, [name]: value }));

  return (
    <form className="ops-card ops-row-form" onSubmit={save} aria-labelledby={`${formId}-title`} noValidate>
      <div className="ops-page__head">
        <h2 id={`${formId}-title`}>{editing.isNew ? t('editor.newRow', { list: t(`catalogue.lists.${editing.list}`, { defaultValue: editing.list }) }) : (spec?.title(editing.row) ?? '')}</h2>
        <button type="button" className="ops-button ops-button--quiet" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      {mark?.stale ? (
        <p className="ops-note ops-note--error" role="alert">
          {t('editor.staleNote')}
        </p>
      ) : null}
      <div ref={firstProblem} tabIndex={-1}>
        <ErrorNote error={error} />
        {rowProblems.length > 0 ? (
          <ul className="ops-list ops-error-text">
            {rowProblems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        ) : null}
      </div>
      {editing.list === 'discount_codes' && !editing.isNew ? <DiscountUsage code={String(editing.row.code)} /> : null}
      <div className="ops-form-grid">
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            list={editing.list}
            field={field}
            value={inputs[field.name]}
            readOnly={readOnly || (Boolean(field.key) && !editing.isNew)}
            problems={problemsOf(field.name)}
            partProblems={rewardProblemsOf}
            onChange={(value) => set(field.name, value)}
            currencyArea={typeof inputs.area === 'string' ? inputs.area : ''}
          />
        ))}
      </div>
      {canEdit ? (
        <div className="ops-actions">
          <button type="submit" className="ops-button" disabled={busy}>
            {busy ? t('common.working') : t('editor.saveToDraft')}
          </button>
          {mark ? (
            <button type="button" className="ops-button ops-button--quiet" onClick={() => void onDrop(mark)}>
              {t(mark.kind === 'new' ? 'editor.dropNew' : 'editor.dropChange')}
            </button>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}

interface FieldInputProps {
  readonly list: string;
  readonly field: FieldSpec;
  readonly value: Draft[string] | undefined;
  readonly readOnly: boolean;
  readonly problems: readonly string[];
  /** The problems of one part of a game's rewards. */
  readonly partProblems: (part: RewardsPart) => readonly string[];
  readonly onChange: (value: Draft[string]) => void;
  readonly currencyArea: string;
}

function FieldInput({ list, field, value, readOnly, problems, partProblems, onChange, currencyArea }: FieldInputProps) {
  const { t } = useOpsTranslation();
  const id = useId();
  const label = t(`editor.field.${list}.${field.name}`, { defaultValue: t(`editor.field.${field.name}`, { defaultValue: field.name }) });
  const hint = t(`editor.hint.${list}.${field.name}`, { defaultValue: t(`editor.hint.${field.name}`, { defaultValue: '' }) });
  const describedBy = [hint ? `${id}-hint` : '', problems.length > 0 ? `${id}-problem` : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': problems.length > 0 || undefined, 'aria-describedby': describedBy, disabled: readOnly };
  const text = typeof value === 'string' ? value : '';
  const after = (
    <>
      {hint ? (
        <small id={`${id}-hint`} className="ops-muted">
          {hint}
        </small>
      ) : null}
      {problems.length > 0 ? (
        <small id={`${id}-problem`} className="ops-error-text">
          {problems.join(' · ')}
        </small>
      ) : null}
    </>
  );

  if (field.kind === 'bool') {
    return (
      <div className="ops-field ops-field--wide">
        <label className="ops-check" htmlFor={id}>
          <input type="checkbox" {...common} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          <span>{label}</span>
        </label>
        {after}
      </div>
    );
  }
  if (field.kind === 'localized' || field.kind === 'localizedLong' || field.kind === 'paragraphs') {
    const texts = (value as Record<string, string> | undefined) ?? {};
    return (
      <fieldset className="ops-field ops-field--wide ops-languages" aria-describedby={describedBy}>
        <legend>{label}</legend>
        {(['en', 'ko', 'zh'] as const).map((language) => (
          <label key={language} className="ops-field" htmlFor={`${id}-${language}`}>
            <span>{t(`editor.language.${language}`)}</span>
            {field.kind !== 'localized' ? (
              <textarea id={`${id}-${language}`} rows={field.kind === 'paragraphs' ? 4 : 2} disabled={readOnly} aria-invalid={problems.length > 0 || undefined} value={texts[language] ?? ''} onChange={(e) => onChange({ ...texts, [language]: e.target.value })} />
            ) : (
              <input id={`${id}-${language}`} disabled={readOnly} aria-invalid={problems.length > 0 || undefined} value={texts[language] ?? ''} onChange={(e) => onChange({ ...texts, [language]: e.target.value })} />
            )}
          </label>
        ))}
        {after}
      </fieldset>
    );
  }
  if (field.kind === 'items') {
    return <ItemRows id={id} label={label} items={Array.isArray(value) ? (value as readonly ItemInput[]) : []} readOnly={readOnly} invalid={problems.length > 0} describedBy={describedBy} after={after} onChange={onChange} />;
  }
  if (field.kind === 'rewards') {
    const rewards = value && typeof value === 'object' && !Array.isArray(value) && 'on' in value ? (value as RewardsInput) : NO_REWARDS;
    return <RewardsField id={id} label={label} value={rewards} readOnly={readOnly} after={after} describedBy={describedBy} problemsOf={partProblems} onChange={onChange} />;
  }
  if (field.kind === 'image') {
    return (
      <div className="ops-field ops-field--wide">
        <label htmlFor={id}>{label}</label>
        <input {...common} value={text} onChange={(e) => onChange(e.target.value)} />
        {!readOnly ? <ImageField label={t('editor.upload', { field: label })} value={text} onChange={(url) => onChange(url)} /> : null}
        {after}
      </div>
    );
  }
  const wide = field.kind === 'json' || field.kind === 'nullableJson' || field.kind === 'longText';
  return (
    <div className={`ops-field${wide ? ' ops-field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {field.kind === 'minor' ? ` (${currencyCode(currencyArea)})` : ''}
      </label>
      {field.kind === 'choice' ? (
        <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          {(field.choices ?? []).map((choice) => (
            <option key={choice} value={choice}>
              {choice === '' ? t('editor.choose') : t(`editor.choice.${field.name}.${choice}`, { defaultValue: choice })}
            </option>
          ))}
        </select>
      ) : wide ? (
        <textarea {...common} className={field.kind === 'longText' ? undefined : 'ops-mono'} rows={field.kind === 'longText' ? 3 : 4} value={text} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input
          {...common}
          type={field.kind === 'when' ? 'datetime-local' : 'text'}
          inputMode={field.kind === 'int' || field.kind === 'minor' || field.kind === 'nullableInt' ? 'numeric' : undefined}
          value={text}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {after}
    </div>
  );
}

/**
 * The player's page with the draft applied, in this browser only: the server sets a preview cookie for
 * the store's API bound to this session, and the link opens the store in a new tab.
 */
function DraftPreview({ file, game, area }: { readonly file: Readonly<Record<string, unknown>>; readonly game: string; readonly area: string }) {
  const { t } = useOpsTranslation();
  const [on, setOn] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  // The game's page in the area chosen, or its first area; without a game, the pay centre.
  const areas = ((file.game_areas as Row[] | undefined) ?? []).filter((row) => String(row.game_id) === game).map((row) => String(row.area));
  const where = game && areas.length > 0 ? { game, area: areas.includes(area) ? area : areas[0]! } : null;
  const href = where ? `/#/?game_id=${encodeURIComponent(where.game)}&area=${encodeURIComponent(where.area)}` : '/#/pcIndex';
  const toggle = async (start: boolean) => {
    setError(null);
    try {
      await opsCall('POST', start ? '/catalogue/draft/preview' : '/catalogue/draft/preview/end');
      setOn(start);
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
    }
  };
  return (
    <div className="ops-preview">
      <ErrorNote error={error} />
      {on ? (
        <>
          <p className="ops-note ops-note--ok" role="status">
            {t('editor.preview.on')}
          </p>
          <div className="ops-actions">
            <a className="ops-button" href={href} target="_blank" rel="noopener">
              {where ? t('editor.preview.open', { game: where.game, area: where.area }) : t('editor.preview.openPayCentre')}
            </a>
            <button type="button" className="ops-button ops-button--quiet" onClick={() => void toggle(false)}>
              {t('editor.preview.end')}
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="ops-button ops-button--quiet" onClick={() => void toggle(true)}>
          {t('editor.preview.start')}
        </button>
      )}
    </div>
  );
}

/** What tells a row from its namesakes in a list: its game and area, a bundle's price in its currency and its ID. */
function RowFacts({ list, row }: { readonly list: string; readonly row: Row }) {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const facts: string[] = [];
  if (list !== 'games' && 'game_id' in row) facts.push(row.game_id === null ? t('editor.payCentre') : t('editor.gameNo', { game: String(row.game_id) }));
  if (typeof row.area === 'string' && row.area) facts.push(row.area);
  if (list === 'bundles') {
    if (typeof row.price_minor === 'number') facts.push(formats.money(row.price_minor, currencyCode(String(row.area ?? ''))));
    facts.push(String(row.product_id ?? ''));
  }
  if (list === 'banners') facts.push(String(row.banner_key ?? ''));
  if (facts.length === 0) return null;
  return <span className="ops-muted ops-row-facts">{facts.join(' · ')}</span>;
}

/** Whether an active bundle is on sale now, or outside its sale window. */
function SaleState({ row }: { readonly row: Row }) {
  const { t } = useOpsTranslation();
  const now = Date.now();
  const starts = typeof row.sale_starts_at === 'string' ? Date.parse(row.sale_starts_at) : NaN;
  const ends = typeof row.sale_ends_at === 'string' ? Date.parse(row.sale_ends_at) : NaN;
  if (starts > now) return <span className="ops-tag ops-tag--pending">{t('editor.saleNotYet')}</span>;
  if (ends <= now) return <span className="ops-tag">{t('editor.saleEnded')}</span>;
  return <span className="ops-tag ops-tag--paid">{t('editor.onSale')}</span>;
}

interface GameServer {
  readonly game_id: number;
  readonly url: string;
  readonly secret_set: boolean;
}

/** A game's server address and secret: outside the catalogue file and its draft, changed at once and audited (never shown back). */
function GameServerCard({ gameId, canEdit }: { readonly gameId: number; readonly canEdit: boolean }) {
  const { t } = useOpsTranslation();
  const servers = useOpsQuery(`game-servers-${gameId}`, () => opsCall<{ game_servers: GameServer[] }>('GET', '/catalogue/game-servers'));
  const current = servers.data?.game_servers.find((server) => server.game_id === gameId) ?? null;
  const [changing, setChanging] = useState(false);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState('');
  const [done, setDone] = useState('');
  const urlId = useId();
  const secretId = useId();

  const save = async (reason: string) => {
    await opsCall('POST', '/catalogue/game-servers', { game_id: gameId, url: url.trim(), reason, ...(secret ? { secret } : {}) });
    setSecret('');
    setDone(t('editor.gameServer.saved'));
    servers.reload();
  };

  return (
    <section className="ops-card" aria-labelledby={`${urlId}-title`}>
      <h3 id={`${urlId}-title`}>{t('editor.gameServer.title')}</h3>
      <p className="ops-muted">{t('editor.gameServer.intro')}</p>
      <ErrorNote error={servers.error} onRetry={servers.reload} />
      {current ? (
        <dl className="ops-facts">
          <dt>{t('editor.gameServer.url')}</dt>
          <dd className="ops-mono">{current.url || t('editor.gameServer.none')}</dd>
          <dt>{t('editor.gameServer.secret')}</dt>
          <dd>{t(current.secret_set ? 'editor.gameServer.secretSet' : 'editor.gameServer.secretUnset')}</dd>
        </dl>
      ) : null}
      {done ? (
        <p className="ops-note ops-note--ok" role="status">
          {done}
        </p>
      ) : null}
      {canEdit && current ? (
        <>
          <div className="ops-inline-form">
            <label className="ops-field" htmlFor={urlId}>
              <span>{t('editor.gameServer.url')}</span>
              <input id={urlId} type="url" value={url} placeholder={current.url || 'https://'} onChange={(e) => setUrl(e.target.value)} />
            </label>
            <label className="ops-field" htmlFor={secretId}>
              <span>{t('editor.gameServer.newSecret')}</span>
              <input id={secretId} type="password" autoComplete="new-password" value={secret} onChange={(e) => setSecret(e.target.value)} />
            </label>
            <button type="button" className="ops-button ops-button--quiet" disabled={!url.trim() && !secret} onClick={() => setChanging(true)}>
              {t('editor.gameServer.change')}
            </button>
          </div>
          {changing ? (
            <ActionDialog title={t('editor.gameServer.changeTitle', { game: gameId })} description={t('editor.gameServer.changeDescription')} confirmLabel={t('editor.gameServer.change')} onConfirm={save} onClose={() => setChanging(false)} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** A discount code's use so far, from the orders that name it. */
function DiscountUsage({ code }: { readonly code: string }) {
  const { t } = useOpsTranslation();
  const usage = useOpsQuery(`usage-${code}`, () => opsCall<{ usage: Array<{ code: string; used: number; delivered: number; unpaid: number }> }>('GET', '/catalogue/discount-usage'));
  const row = usage.data?.usage.find((u) => u.code === code);
  if (usage.error) return <ErrorNote error={usage.error} onRetry={usage.reload} />;
  if (!row) return null;
  return (
    <p className="ops-muted" data-testid="discount-usage">
      {t('editor.usage', { count: row.used, delivered: row.delivered, unpaid: row.unpaid })}
    </p>
  );
}
