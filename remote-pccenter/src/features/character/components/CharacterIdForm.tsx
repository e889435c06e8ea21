import type { CharacterLookup } from '@topup/shared/purchase';
import { usesCharacterName } from '@topup/shared/rules';
import { previewImage, SpinnerIcon } from '@topup/shared/ui';
import { FieldError } from '../../../lib/FieldError';
import { usePcTranslation } from '../../../lib/use-pc-translation';

const ERROR_ID = 'pc-character-error';

interface Props {
  readonly gameId: string;
  readonly lookup: CharacterLookup;
  /** "Please enter the role ID" under the field, after a search without one. */
  readonly error: string;
  /** Where to find the character ID in the game (games 14, 136, 182), or "". */
  readonly helpImage: string;
}

/** The character ID (or name, game 284) and Search. */
export function CharacterIdForm({ gameId, lookup, error, helpImage }: Props) {
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
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ERROR_ID : undefined}
          onChange={(event) => lookup.setTyped(event.target.value)}
        />
        {/* Not disabled while searching: the button keeps the focus (a second press is ignored). */}
        <button type="submit" className="pc-button pc-button--primary" aria-disabled={lookup.searching || undefined}>
          {lookup.searching ? <SpinnerIcon /> : null}
          {lookup.searching ? t('role.searching') : t('role.search')}
        </button>
      </div>
      <FieldError id={ERROR_ID} message={error} />
      {helpImage ? (
        <button type="button" className="pc-text-button" onClick={() => void previewImage(helpImage, t('role.help'))}>
          {t('role.help')}
        </button>
      ) : null}
    </form>
  );
}
