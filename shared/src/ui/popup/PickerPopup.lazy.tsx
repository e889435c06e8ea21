import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, SearchIcon } from '../icons';
import { BottomPopup } from './BottomPopup.lazy';
import type { PickerPopupProps } from './PickerPopup';

/** A bottom popup with a search field and a list (spec §2 region and server pickers). */
export function PickerPopup({ open, title, options, selected, onSelect, onClose, searchLabel }: PickerPopupProps) {
  const { t } = useTranslation('common');
  const [query, setQuery] = useState('');
  const search = useRef<HTMLInputElement>(null);
  const visible = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return needle ? options.filter((o) => o.label.toLowerCase().includes(needle) || o.value.toLowerCase().includes(needle)) : options;
  }, [options, query]);
  const close = () => {
    setQuery('');
    onClose();
  };

  return (
    <BottomPopup open={open} title={title} onClose={close} initialFocus={search}>
      <label className="tu-search">
        <SearchIcon />
        <input
          ref={search}
          type="search"
          value={query}
          placeholder={searchLabel ?? t('picker.search')}
          aria-label={searchLabel ?? t('picker.search')}
          onChange={(event) => setQuery(event.target.value)}
          enterKeyHint="search"
        />
      </label>
      <ul className="tu-picker-list" aria-label={title}>
        {visible.map((option) => (
          <li key={option.value}>
            <button
              type="button"
              className="tu-picker-list__item"
              aria-current={option.value === selected ? 'true' : undefined}
              onClick={() => {
                setQuery('');
                onSelect(option);
              }}
            >
              <span>{option.label}</span>
              {option.value === selected ? <CheckIcon /> : null}
            </button>
          </li>
        ))}
      </ul>
      {visible.length === 0 ? <p className="tu-picker-empty">{t('picker.empty')}</p> : null}
    </BottomPopup>
  );
}
