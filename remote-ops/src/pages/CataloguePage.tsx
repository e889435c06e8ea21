import { useId, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import type { CatalogueCheck, CatalogueDiff, CatalogueRevisionRow, PriceChange } from '@topup/shared/types';
import { opsCall, OpsApiError } from '../lib/ops-client';
import { useSession } from '../lib/session';
import { useOpsQuery } from '../lib/use-ops-query';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { ActionDialog, Empty, ErrorNote, largePriceChangesOf, Loading, PriceChangingDialog, useFormats } from '../app/parts';
import { OpsPageFrame } from '../app/OpsPageFrame';
import { CatalogueDiffView } from '../app/CatalogueDiffView';

interface RevertPreview {
  readonly revision: number;
  readonly added_since: { readonly bundles: number; readonly banners: number; readonly discount_codes: number };
  readonly diff: CatalogueDiff;
  readonly diff_retiring: CatalogueDiff;
}

/** What a revision changed, as kept with it. */
function RevisionDiff({ revision }: { readonly revision: number }) {
  const { t } = useOpsTranslation();
  const answer = useOpsQuery(`revision-diff-${revision}`, () => opsCall<{ revision: number; diff: CatalogueDiff }>('GET', `/catalogue/diff?revision=${revision}`));
  return (
    <section id="catalogue-revision-diff" className="ops-card ops-card--inner" aria-labelledby="catalogue-revision-diff-title">
      <h3 id="catalogue-revision-diff-title">{t('catalogue.diffTitle', { revision })}</h3>
      {answer.loading && !answer.data ? <Loading /> : null}
      {answer.error?.code === 'noDiff' ? <p className="ops-muted">{t('catalogue.noDiff')}</p> : <ErrorNote error={answer.error} onRetry={answer.reload} />}
      {answer.data ? <CatalogueDiffView diff={answer.data.diff} headingLevel={4} /> : null}
    </section>
  );
}

interface Chosen {
  readonly name: string;
  readonly file: unknown;
  readonly check: CatalogueCheck;
}

/** The catalogue as a file: download it, check a changed file against the store, import it as one new revision. */
export function CataloguePage() {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const session = useSession();
  const listing = useOpsQuery('catalogue', () => opsCall<{ current: number; revisions: CatalogueRevisionRow[] }>('GET', '/catalogue'));
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<OpsApiError | null>(null);
  const [importing, setImporting] = useState(false);
  const [done, setDone] = useState('');
  /** A revision to go back to, and the price changes over 50 % the server asked to confirm (after a first try). */
  const [revert, setRevert] = useState<{ revision: number; large: readonly PriceChange[] | null } | null>(null);
  /** Whether the revert also retires the bundles, banners and codes added since that revision. */
  const [retireAdded, setRetireAdded] = useState(false);
  /** The revision whose kept diff is shown. */
  const [viewing, setViewing] = useState<number | null>(null);
  const retireId = useId();
  const inputId = useId();
  const canEdit = session.may('catalogue.edit');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    setChosen(null);
    setError(null);
    setDone('');
    if (!picked) return;
    setChecking(true);
    try {
      let file: unknown;
      try {
        file = JSON.parse(await picked.text()) as unknown;
      } catch {
        throw new OpsApiError(400, 'notJson', 'not JSON');
      }
      const check = await opsCall<CatalogueCheck>('POST', '/catalogue/check', file);
      setChosen({ name: picked.name, file, check });
    } catch (failure) {
      setError(failure instanceof OpsApiError ? failure : new OpsApiError(0, 'network', String(failure)));
    } finally {
      setChecking(false);
    }
  };

  const importChosen = async (reason: string, requestKey: string) => {
    if (!chosen) return;
    const outcome = await opsCall<{ revision: number }>('POST', '/catalogue/import', {
      file: chosen.file,
      reason,
      request_key: requestKey,
      confirm_price_changes: chosen.check.large_price_changes.length > 0,
    });
    setDone(t('catalogue.imported', { revision: outcome.revision }));
    setChosen(null);
    listing.reload();
  };

  const revertTo = async (reason: string, requestKey: string) => {
    if (!revert) return;
    try {
      const outcome = await opsCall<{ revision: number }>('POST', '/catalogue/revert', {
        revision: revert.revision,
        reason,
        request_key: requestKey,
        confirm_price_changes: revert.large !== null,
        retire_added: retireAdded && anythingAdded,
      });
      setDone(t('catalogue.reverted', { revision: outcome.revision, from: revert.revision }));
      listing.reload();
    } catch (failure) {
      // Large price changes: the dialog opens again with them listed and the confirmation to tick.
      const large = largePriceChangesOf(failure);
      if (large && revert.large === null) setRevert({ revision: revert.revision, large });
      throw failure;
    }
  };

  const preview = useOpsQuery(`revert-preview-${revert?.revision ?? 0}`, () =>
    revert ? opsCall<RevertPreview>('GET', `/catalogue/revert-preview?revision=${revert.revision}`) : Promise.resolve(null),
  );
  // The answer for the revision the dialog is about (not the one before, shown while the next is read).
  const previewed = preview.data && preview.data.revision === revert?.revision ? preview.data : null;
  const added = previewed?.added_since;
  const anythingAdded = added ? added.bundles + added.banners + added.discount_codes > 0 : false;

  const lists = chosen?.check.diff ? Object.entries(chosen.check.diff.lists).filter(([, c]) => c.added > 0 || c.changed > 0) : [];
  const large = new Set(chosen?.check.large_price_changes.map((c) => c.product_id));

  return (
    <OpsPageFrame
      title={t('catalogue.title')}
      actions={
        <div className="ops-actions">
          <Link className="ops-button" to="/ops/catalogue/edit">
            {t(canEdit ? 'catalogue.edit' : 'catalogue.browse')}
          </Link>
          <a className="ops-button ops-button--quiet" href="/ops/api/catalogue/file" download>
            {t('catalogue.download')}
          </a>
        </div>
      }
    >
      <ErrorNote error={listing.error} onRetry={listing.reload} />
      {listing.data ? <p>{t('catalogue.current', { revision: listing.data.current })}</p> : null}
      {done ? (
        <p className="ops-note ops-note--ok" role="status">
          {done}
        </p>
      ) : null}

      {canEdit ? (
        <section className="ops-card" aria-labelledby={`${inputId}-title`}>
          <h2 id={`${inputId}-title`}>{t('catalogue.importTitle')}</h2>
          <p className="ops-muted">{t('catalogue.importIntro')}</p>
          <label className="ops-field" htmlFor={inputId}>
            <span>{t('catalogue.file')}</span>
            <input id={inputId} type="file" accept="application/json,.json" onChange={(e) => void choose(e)} />
          </label>
          {checking ? <Loading /> : null}
          <ErrorNote error={error} />
          {chosen && chosen.check.problems.length > 0 ? (
            <div className="ops-note ops-note--error ops-problems" role="alert">
              <div>
                <strong>{t('catalogue.refused', { count: chosen.check.problems.length, name: chosen.name })}</strong>
                <ul>
                  {chosen.check.problems.map((problem) => (
                    <li key={problem} className="ops-mono">
                      {problem}
                    </li>
                  ))}
                </ul>
              </div>
            </div>
          ) : null}
          {chosen && chosen.check.problems.length === 0 ? (
            <div className="ops-check-result">
              <p className="ops-note ops-note--ok" role="status">
                {t('catalogue.valid', { name: chosen.name })}
              </p>
              {lists.length === 0 ? <Empty>{t('catalogue.noChange')}</Empty> : null}
              {lists.length > 0 ? (
                <table className="ops-table">
                  <caption className="visually-hidden">{t('catalogue.changes')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('catalogue.list')}</th>
                      <th scope="col" className="ops-num">
                        {t('catalogue.added')}
                      </th>
                      <th scope="col" className="ops-num">
                        {t('catalogue.changed')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {lists.map(([list, counts]) => (
                      <tr key={list}>
                        <td>{t(`catalogue.lists.${list}`, { defaultValue: list })}</td>
                        <td className="ops-num">{counts.added}</td>
                        <td className="ops-num">{counts.changed}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
              {chosen.check.diff && lists.length > 0 ? (
                <details className="ops-diff-details">
                  <summary>{t('catalogue.everyRow')}</summary>
                  <CatalogueDiffView diff={chosen.check.diff} />
                </details>
              ) : null}
              {chosen.check.diff && chosen.check.diff.priceChanges.length > 0 ? (
                <>
                  <h3>{t('catalogue.priceChanges')}</h3>
                  <ul className="ops-list">
                    {chosen.check.diff.priceChanges.map((change) => (
                      <li key={change.product_id} className={large.has(change.product_id) ? 'ops-error-text' : undefined}>
                        {change.product_name} <span className="ops-mono ops-muted">{change.product_id}</span>: {formats.priceChange(change)}
                        {large.has(change.product_id) ? ` — ${t('catalogue.large')}` : ''}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              {lists.length > 0 ? (
                <button type="button" className="ops-button" onClick={() => setImporting(true)}>
                  {t('catalogue.import', { revision: (listing.data?.current ?? 0) + 1 })}
                </button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}

      <section className="ops-card" aria-labelledby="catalogue-revisions">
        <h2 id="catalogue-revisions">{t('catalogue.revisions')}</h2>
        {listing.loading && !listing.data ? <Loading /> : null}
        {listing.data && listing.data.revisions.length === 0 ? <Empty>{t('catalogue.noRevisions')}</Empty> : null}
        {listing.data && listing.data.revisions.length > 0 ? (
          <table className="ops-table">
            <caption className="visually-hidden">{t('catalogue.revisions')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('catalogue.revision')}</th>
                <th scope="col">{t('audit.col.when')}</th>
                <th scope="col">{t('audit.col.who')}</th>
                <th scope="col">{t('audit.col.reason')}</th>
                <th scope="col">{t('catalogue.contents')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('releases.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {listing.data.revisions.map((revision) => (
                <tr key={revision.revision} data-revision={revision.revision}>
                  <td className="ops-mono">{revision.revision}</td>
                  <td>{formats.time(revision.created_at)}</td>
                  <td>
                    {revision.actor}
                    <div className="ops-muted">{t(`catalogue.source.${revision.source}`, { defaultValue: revision.source })}</div>
                  </td>
                  <td>{revision.reason || '—'}</td>
                  <td>{t('catalogue.counts', { games: revision.counts.games ?? 0, bundles: revision.counts.bundles ?? 0 })}</td>
                  <td className="ops-row-actions">
                    <a className="ops-button ops-button--quiet" href={`/ops/api/catalogue/file?revision=${revision.revision}`} download>
                      {t('catalogue.downloadRevision')}
                    </a>
                    {revision.has_diff ? (
                      <button
                        type="button"
                        className="ops-button ops-button--quiet"
                        aria-expanded={viewing === revision.revision}
                        aria-controls="catalogue-revision-diff"
                        onClick={() => setViewing(viewing === revision.revision ? null : revision.revision)}
                      >
                        {t('catalogue.viewDiff')}
                      </button>
                    ) : null}
                    {canEdit && revision.revision !== listing.data?.current ? (
                      <button
                        type="button"
                        className="ops-button ops-button--quiet"
                        onClick={() => {
                          setRetireAdded(false);
                          setRevert({ revision: revision.revision, large: null });
                        }}
                      >
                        {t('catalogue.revert')}
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {viewing !== null ? <RevisionDiff key={viewing} revision={viewing} /> : null}
      </section>

      {importing && chosen ? (
        <ActionDialog
          title={t('catalogue.importTitleDialog', { name: chosen.name })}
          description={t('catalogue.importDescription')}
          confirmLabel={t('catalogue.importButton')}
          confirmation={chosen.check.large_price_changes.length > 0 ? t('catalogue.confirmLarge', { count: chosen.check.large_price_changes.length }) : undefined}
          onConfirm={importChosen}
          onClose={() => setImporting(false)}
        />
      ) : null}
      {revert ? (
        <PriceChangingDialog
          large={revert.large}
          title={t('catalogue.revertTitle', { revision: revert.revision })}
          description={t('catalogue.revertDescription')}
          confirmLabel={t('catalogue.revert')}
          onConfirm={revertTo}
          onClose={() => setRevert(null)}
        >
          {preview.loading && !previewed ? <Loading /> : null}
          <ErrorNote error={preview.error} onRetry={preview.reload} />
          {added ? (
            anythingAdded ? (
              <label className="ops-check" htmlFor={retireId}>
                <input id={retireId} type="checkbox" checked={retireAdded} onChange={(e) => setRetireAdded(e.target.checked)} />
                <span>{t('catalogue.revertRetire', { bundles: added.bundles, banners: added.banners, codes: added.discount_codes })}</span>
              </label>
            ) : (
              <p className="ops-muted">{t('catalogue.revertNothingAdded')}</p>
            )
          ) : null}
          {previewed ? (
            <details className="ops-diff-details">
              <summary>{t('catalogue.revertChanges')}</summary>
              <CatalogueDiffView diff={retireAdded && anythingAdded ? previewed.diff_retiring : previewed.diff} />
            </details>
          ) : null}
        </PriceChangingDialog>
      ) : null}
    </OpsPageFrame>
  );
}
