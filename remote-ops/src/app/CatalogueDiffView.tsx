import { currencyCode } from '@topup/shared/rules';
import type { CatalogueDiff, CatalogueDiffRow } from '@topup/shared/types';
import { useOpsTranslation } from '../lib/use-ops-translation';
import { useFormats } from './parts';

const KINDS = ['added', 'changed', 'retired'] as const;
type Kind = (typeof KINDS)[number];

/**
 * What a catalogue change adds, changes and retires, list by list: each row with its name, key and area,
 * the fields it changes, and a bundle's price old → new in its area's currency. Shown before a publish, an
 * import or a revert, and later from the revision list (the diff kept with the revision).
 */
export function CatalogueDiffView({ diff, headingLevel = 3 }: { readonly diff: CatalogueDiff; readonly headingLevel?: 3 | 4 }) {
  const { t } = useOpsTranslation();
  const formats = useFormats();
  const lists = Object.entries(diff.lists).filter(([, list]) => list.added + list.changed + (list.retired ?? 0) > 0);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  if (lists.length === 0) return <p className="ops-muted">{t('diff.none')}</p>;

  /** A field as the editor's form names it (`price_minor` → Price). */
  const fieldName = (list: string, field: string) => t(`editor.field.${list}.${field}`, { defaultValue: t(`editor.field.${field}`, { defaultValue: field }) });
  const price = (row: CatalogueDiffRow): string => {
    const currency = currencyCode(row.area);
    if (row.from_minor !== undefined && row.to_minor !== undefined) return `${formats.money(row.from_minor, currency)} → ${formats.money(row.to_minor, currency)}`;
    if (row.to_minor !== undefined) return formats.money(row.to_minor, currency);
    return '';
  };

  return (
    <div className="ops-diff" data-testid="catalogue-diff">
      {lists.map(([list, counts]) => (
        <section key={list} className="ops-diff__list" aria-label={t(`catalogue.lists.${list}`, { defaultValue: list })}>
          <Heading>
            {t(`catalogue.lists.${list}`, { defaultValue: list })}{' '}
            <span className="ops-muted">{t('diff.counts', { added: counts.added, changed: counts.changed, retired: counts.retired ?? 0 })}</span>
          </Heading>
          <ul className="ops-list ops-diff__rows">
            {KINDS.flatMap((kind: Kind) =>
              (counts.rows?.[kind] ?? []).map((row) => (
                <li key={`${kind}:${row.key}`} data-kind={kind} data-key={row.key}>
                  <span className={`ops-tag ops-tag--${kind === 'added' ? 'paid' : kind === 'retired' ? 'failed' : 'pending'}`}>{t(`diff.kind.${kind}`)}</span>{' '}
                  {row.name ? <strong>{row.name}</strong> : null} <span className="ops-mono ops-muted">{row.key}</span>
                  {row.area ? <span className="ops-muted"> · {row.area}</span> : null}
                  {price(row) ? <span> · {price(row)}</span> : null}
                  {kind !== 'added' && row.fields && row.fields.length > 0 ? <span className="ops-muted"> · {t('diff.fields', { fields: row.fields.map((field) => fieldName(list, field)).join(', ') })}</span> : null}
                </li>
              )),
            )}
          </ul>
          {KINDS.map((kind) => {
            const more = (kind === 'retired' ? (counts.retired ?? 0) : counts[kind]) - (counts.rows?.[kind].length ?? 0);
            return more > 0 ? (
              <p key={kind} className="ops-muted">
                {t(`diff.more.${kind}`, { count: more })}
              </p>
            ) : null;
          })}
        </section>
      ))}
    </div>
  );
}
