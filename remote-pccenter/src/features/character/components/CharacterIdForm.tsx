import type { CharacterLookup } from '@topup/shared/purchase';
import { usesCharacterName } from '@topup/shared/rules';
import { previewImage, SpinnerIcon } from '@topup/shared/ui';
import { usePcTranslation } from '../../../lib/use-pc-translation';

interface Props {
  readonly gameId: string;
  readonly lookup: CharacterLookup;
  /** Where to find the character ID in the game (games 14, 136, 182), or "". */
  readonly helpImage: string;
}

/** The character ID (or name, game 284) and Search. */
export function CharacterIdForm({ gameId, lookup, helpImage }: Props) {
  const { t } = usePcTranslation();
  const byName = usesCharacterName(gameId);
  const label = t(byName ? 'role.characterName' : 'role.characterId');
  return (
    <form
      className="pc-field"
      onSubmit={(event) => {
        event.preventDefault();
        void lookup.search();
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
          value={lookup.typed}
          onChange={(event) => lookup.setTyped(event.target.value)}
        />
        <button type="submit" className="pc-button pc-button--primary" disabled={lookup.searching}>
          {lookup.searching ? <SpinnerIcon /> : null}
          {lookup.searching ? t('role.searching') : t('role.search')}
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
