import { getTab } from '@topup/shared/api';
import { DELIVERY_GUIDANCE_MINUTES } from '@topup/shared/rules';
import { i18n } from '@topup/shared/store';
import { isDialogDismissed, openDialog } from '@topup/shared/ui';
import { NAMESPACE } from '../../../strings';
import '../recharge-strings';

const PARAGRAPHS = ['help.p1', 'help.p2', 'help.p3', 'help.p4', 'help.p5'] as const;

/** The game's own instructions in the page's language (set in the back office), or none: the store's then. */
async function gameInstructions(): Promise<readonly string[]> {
  const query = new URLSearchParams(window.location.hash.split('?')[1] ?? '');
  const gameId = query.get('game_id');
  if (!gameId) return [];
  try {
    return (await getTab({ game_id: gameId, area: query.get('area') ?? '' })).game.help ?? [];
  } catch {
    return [];
  }
}

/** The recharge instructions: a bottom dialog with a title, subtext and the game's paragraphs, or the store's five. */
export async function openRechargeInstructions(): Promise<void> {
  const t = (key: string) => i18n.t(key, { ns: NAMESPACE, minutes: DELIVERY_GUIDANCE_MINUTES });
  const own = await gameInstructions();
  const paragraphs = own.length > 0 ? own : PARAGRAPHS.map(t);
  openDialog({
    title: t('help.title'),
    subtitle: t('help.subtitle'),
    placement: 'bottom',
    showConfirm: false,
    showClose: true,
    className: 'tp-instructions',
    render: () => (
      <ol className="tp-instructions__list">
        {paragraphs.map((text, index) => (
          <li key={index}>
            <p>{text}</p>
          </li>
        ))}
      </ol>
    ),
  }).catch((error: unknown) => {
    if (!isDialogDismissed(error)) throw error;
  });
}
