import { DELIVERY_GUIDANCE_MINUTES } from '@topup/shared/rules';
import { i18n } from '@topup/shared/store';
import { isDialogDismissed, openDialog } from '@topup/shared/ui';
import { NAMESPACE } from '../../../strings';
import '../recharge-strings';

const PARAGRAPHS = ['help.p1', 'help.p2', 'help.p3', 'help.p4', 'help.p5'] as const;

/** The recharge instructions: a bottom dialog with a title, subtext and five paragraphs. */
export function openRechargeInstructions(): void {
  const t = (key: string) => i18n.t(key, { ns: NAMESPACE, minutes: DELIVERY_GUIDANCE_MINUTES });
  openDialog({
    title: t('help.title'),
    subtitle: t('help.subtitle'),
    placement: 'bottom',
    showConfirm: false,
    showClose: true,
    className: 'tp-instructions',
    render: () => (
      <ol className="tp-instructions__list">
        {PARAGRAPHS.map((key) => (
          <li key={key}>
            <p>{t(key)}</p>
          </li>
        ))}
      </ol>
    ),
  }).catch((error: unknown) => {
    if (!isDialogDismissed(error)) throw error;
  });
}
