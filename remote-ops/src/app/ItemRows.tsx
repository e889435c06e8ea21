import type { ReactNode } from 'react';
import { useOpsTranslation } from '../lib/use-ops-translation';
import type { ItemInput } from './catalogue-fields';

const NO_ITEM: ItemInput = { name: '', quantity: '', en: '', ko: '', zh: '' };

export interface ItemRowsProps {
  readonly id: string;
  readonly label: string;
  readonly items: readonly ItemInput[];
  readonly readOnly: boolean;
  readonly invalid: boolean;
  readonly describedBy: string | undefined;
  readonly after: ReactNode;
  readonly onChange: (items: readonly ItemInput[]) => void;
}

/** What a bundle delivers, one item a row: its name as the game knows it, how many, and its name in other languages; rows added and removed. */
export function ItemRows({ id, label, items, readOnly, invalid, describedBy, after, onChange }: ItemRowsProps) {
  const { t } = useOpsTranslation();
  const set = (index: number, change: Partial<ItemInput>) => onChange(items.map((item, at) => (at === index ? { ...item, ...change } : item)));
  const cells = [
    ['name', 'editor.items.name'],
    ['quantity', 'editor.items.quantity'],
    ['en', 'editor.items.en'],
    ['ko', 'editor.items.ko'],
    ['zh', 'editor.items.zh'],
  ] as const;
  return (
    <fieldset className="ops-field ops-field--wide ops-items" aria-describedby={describedBy} data-field-kind="items">
      <legend>{label}</legend>
      {items.length === 0 ? <p className="ops-muted">{t('editor.items.none')}</p> : null}
      {items.map((item, index) => (
        <div key={index} className="ops-items__row" role="group" aria-label={t('editor.items.row', { n: index + 1 })}>
          {cells.map(([name, words]) => (
            <label key={name} className="ops-field" htmlFor={`${id}-${index}-${name}`}>
              <span>{t(words)}</span>
              <input
                id={`${id}-${index}-${name}`}
                value={item[name]}
                disabled={readOnly}
                aria-invalid={invalid || undefined}
                inputMode={name === 'quantity' ? 'numeric' : undefined}
                onChange={(e) => set(index, { [name]: e.target.value })}
              />
            </label>
          ))}
          {!readOnly ? (
            <button type="button" className="ops-button ops-button--quiet" onClick={() => onChange(items.filter((_, at) => at !== index))}>
              {t('editor.items.remove', { n: index + 1 })}
            </button>
          ) : null}
        </div>
      ))}
      {!readOnly ? (
        <button type="button" className="ops-button ops-button--quiet ops-items__add" onClick={() => onChange([...items, NO_ITEM])}>
          {t('editor.items.add')}
        </button>
      ) : null}
      {after}
    </fieldset>
  );
}
