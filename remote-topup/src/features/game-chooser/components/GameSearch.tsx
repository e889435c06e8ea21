import { SearchIcon } from '@topup/shared/ui';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';

interface Props {
  readonly value: string;
  readonly onChange: (value: string) => void;
}

/** The search box of /game: filters by name or description as the player types. */
export function GameSearch({ value, onChange }: Props) {
  const { t } = useTopUpTranslation();
  return (
    <div className="tp-game-search" role="search">
      <label className="visually-hidden" htmlFor="tp-game-search">
        {t('chooser.searchLabel')}
      </label>
      <SearchIcon />
      <input
        id="tp-game-search"
        className="tp-input"
        type="search"
        value={value}
        placeholder={t('chooser.searchPlaceholder')}
        autoComplete="off"
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
