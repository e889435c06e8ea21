import { lazy, Suspense, useEffect, useRef } from 'react';
import { hasRecentCharacters } from '@topup/shared/purchase-ui';
import { useTopUpTranslation } from '../../../lib/use-topup-translation';
import type { CharacterModel } from '../hooks/use-character';
import { CharacterConfirmation } from './CharacterConfirmation';
import { CharacterForm } from './CharacterForm';

const RecentCharacterList = lazy(() => import('./RecentCharacterList'));
// Only games 14, 136 and 182 have the help image: its button and dialog load with them.
const RoleHelpButton = lazy(() => import('./RoleHelpButton'));

interface Props {
  readonly gameId: string;
  readonly area: string;
  readonly character: CharacterModel;
  /** The game's character-ID help image, or "" (only games 14, 136 and 182 have one). */
  readonly helpImage: string;
}

/** Spec §2 "Select Character": the input view, then the confirmation view. */
export function SelectCharacter({ gameId, area, character, helpImage }: Props) {
  const { t } = useTopUpTranslation();
  const { confirmation } = character;
  const section = useRef<HTMLElement>(null);
  const lastStep = useRef(confirmation.step);
  // The view swaps under the player's finger: keep keyboard focus in the section.
  useEffect(() => {
    const step = confirmation.step;
    if (step === lastStep.current) return;
    const from = lastStep.current;
    lastStep.current = step;
    const target =
      step === 'found' ? section.current?.querySelector<HTMLElement>('.tp-confirmation .tp-button') : step === 'input' && from !== 'input' ? section.current?.querySelector<HTMLElement>('input') : null;
    target?.focus();
  }, [confirmation.step]);
  return (
    <section ref={section} className="tp-card tp-character" aria-labelledby="tp-character-title" data-step={confirmation.step}>
      <div className="tp-card__head">
        <h2 className="tp-card__title" id="tp-character-title">
          {t('character.title')}
        </h2>
        {helpImage ? (
          <Suspense fallback={null}>
            <RoleHelpButton imageUrl={helpImage} />
          </Suspense>
        ) : null}
      </div>
      {confirmation.step === 'input' ? (
        <>
          {hasRecentCharacters() ? (
            <Suspense fallback={null}>
              <RecentCharacterList gameId={gameId} character={character} />
            </Suspense>
          ) : null}
          <CharacterForm gameId={gameId} area={area} character={character} />
        </>
      ) : (
        <CharacterConfirmation
          role={confirmation.role}
          confirmed={confirmation.step === 'confirmed'}
          onConfirm={character.confirm}
          onReenter={() => void character.reenter()}
        />
      )}
    </section>
  );
}
