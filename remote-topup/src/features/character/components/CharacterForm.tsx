import { useId } from 'react';
import { PURCHASE_NAMESPACE } from '@topup/shared/purchase';
import { regionLabel, usesCharacterName } from '@topup/shared/rules';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import type { CharacterModel } from '../hooks/use-character';
import { PickerField } from './PickerField';

interface Props {
  readonly gameId: string;
  readonly area: string;
  readonly character: CharacterModel;
}

/** The input view: region (where the game has regions), server, character ID or name, Search. */
export function CharacterForm({ gameId, area, character }: Props) {
  const { t } = useTopUpTranslation();
  const inputId = useId();
  const errorId = useId();
  const failed = character.fieldCheck;
  const serverError = failed === 'validation.selectServer' ? t(failed, { ns: PURCHASE_NAMESPACE }) : null;
  const inputError = failed && !serverError ? t(failed, { ns: PURCHASE_NAMESPACE }) : null;
  const byName = usesCharacterName(gameId);
  const { rule, region, servers, server } = character;
  const serverOptions = (servers ?? []).map((s) => ({ value: s.server_id, label: s.server_name }));

  return (
    <form
      className="tp-character-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void character.search();
      }}
    >
      {rule ? (
        <PickerField
          testId="region-field"
          label={t('character.region')}
          placeholder={t('character.regionPlaceholder')}
          searchLabel={t('character.regionSearch')}
          options={rule.options}
          value={region}
          valueLabel={region ? regionLabel(gameId, area, region) : ''}
          onSelect={(option) => character.selectRegion(option.value)}
        />
      ) : null}
      <PickerField
        testId="server-field"
        label={t('character.server')}
        placeholder={t('character.serverPlaceholder')}
        searchLabel={t('character.serverSearch')}
        options={serverOptions}
        value={server?.server_id ?? ''}
        valueLabel={server?.server_name ?? ''}
        error={serverError}
        onSelect={(option) => {
          const chosen = servers?.find((s) => s.server_id === option.value);
          if (chosen) character.selectServer(chosen);
        }}
      />
      {servers && servers.length === 0 ? <p className="tp-field__hint">{t('character.noServers')}</p> : null}
      <div className="tp-field">
        <label className="tp-field__label" htmlFor={inputId}>
          {t(byName ? 'character.name' : 'character.id')}
        </label>
        <input
          id={inputId}
          className="tp-input"
          type="text"
          inputMode={byName ? 'text' : 'numeric'}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={64}
          placeholder={t(byName ? 'character.namePlaceholder' : 'character.idPlaceholder')}
          value={character.typed}
          aria-invalid={inputError ? true : undefined}
          aria-describedby={inputError ? errorId : undefined}
          onChange={(event) => character.setTyped(event.target.value)}
        />
        {inputError ? (
          <p className="tp-field__error" id={errorId}>
            {inputError}
          </p>
        ) : null}
      </div>
      {/* Busy, not disabled: focus stays on it while it searches, so a "not found" dialog gives it back here. */}
      <button type="submit" className="tp-button tp-button--primary tp-button--block" aria-disabled={character.searching || undefined}>
        {character.searching ? t('character.searching') : t('character.search')}
      </button>
    </form>
  );
}
