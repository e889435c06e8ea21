import { CloseIcon, SearchIcon } from '@topup/shared/ui';
import { usePcTranslation } from '../../../lib/use-pc-translation';

interface Props {
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** The home page's game search, in the top bar. */
export function GameSearch({ value, onChange }: Props) {
  const { t } = usePcTranslation();
  return (
    <div className="pc-search" role="search">
      <SearchIcon />
      <input
        type="search"
        className="pc-search__input"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onChange('');
        }}
      />
      {value ? (
        <button type="button" className="pc-search__clear" aria-label={t('search.clear')} onClick={() => onChange('')}>
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}
