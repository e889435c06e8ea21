import { useRef, type KeyboardEvent } from 'react';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  readonly tabs: readonly string[];
  /** Each tab's name in the page's language, by key (`getTab`'s tab_labels). */
  readonly labels?: Readonly<Record<string, string>>;
  readonly active: string;
  readonly onSelect: (tab: string) => void;
}

export const BUNDLE_PANEL_ID = 'tp-bundle-panel';
export const tabId = (index: number) => `tp-bundle-tab-${index}`;

/** Product-type tabs (spec §2), scrollable on a phone, arrow keys between them. */
export function BundleTabs({ tabs, labels, active, onSelect }: Props) {
  const { t } = useTopUpTranslation();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + tabs.length) % tabs.length;
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
    onSelect(tabs[next] as string);
  };
  return (
    <div ref={list} className="tp-tabs" role="tablist" aria-label={t('bundles.tabs')}>
      {tabs.map((tab, index) => {
        const selected = tab === active;
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(index)}
            className="tp-tabs__tab"
            aria-selected={selected}
            aria-controls={BUNDLE_PANEL_ID}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {labels?.[tab] ?? tab}
          </button>
        );
      })}
    </div>
  );
}
