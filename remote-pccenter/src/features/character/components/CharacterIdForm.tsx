import { previewImage, SpinnerIcon, usesCharacterName } from '@topup/shared';
import { usePcTranslation } from '../../../lib/use-pc-translation';
import type { useCharacterSearch } from '../hooks/use-character-search';

interface Props {
  readonly gameId: string;
  readonly search: ReturnType<typeof useCharacterSearch>;
  /** Where to find the character ID in the game (games 14, 136, 182), or "". */
  readonly helpImage: string;
}

/** The character ID (or name, game 284) and Search. */
export function CharacterIdForm({ gameId, search, helpImage }: Props) {
  const { t } = usePcTranslation();
  const byName = usesCharacterName(gameId);
  const label = t(byName ? 'role.characterName' : 'role.characterId');
  return (
    <form
      className="pc-field"
      onSubmit={(event) => {
        event.preventDefault();
        void search.search();
      }}
    >
      <label className="pc-label" htmlFor="pc-character-input">
        {label}
      </label>
      <div className="pc-inline-form">
        <input
          id="pc-character-input"
          className="pc-input"
          autoComplete="off"
          placeholder={t(byName ? 'role.characterNamePlaceholder' : 'role.characterIdPlaceholder')}
          value={search.typed}
          onChange={(event) => search.setTyped(event.target.value)}
        />
        <button type="submit" className="pc-button pc-button--primary" disabled={search.searching}>
          {search.searching ? <SpinnerIcon /> : null}
          {search.searching ? t('role.searching') : t('role.search')}
        </button>
      </div>
      {helpImage ? (
        <button type="button" className="pc-text-button" onClick={() => void previewImage(helpImage, t('role.help'))}>
          {t('role.help')}
        </button>
      ) : null}
    </form>
  );
}
