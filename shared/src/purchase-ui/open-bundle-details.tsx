import { i18n } from '@topup/shared/store';
import { DETAIL_PAY_DELAY_MS } from '@topup/shared/rules';
import type { Bundle } from '@topup/shared/types';
import { isDialogDismissed, openDialog } from '@topup/shared/ui';
import { BundleCard } from './BundleCard';
import { PURCHASE_UI_NAMESPACE } from './purchase-ui-strings';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The 'Bundle Details' dialog: no confirm button; its price button closes the dialog, waits
 * 300 ms (spec §9), then does what the card's price button does outside it (buy or choose).
 */
export async function openBundleDetails(
  bundle: Bundle,
  area: string,
  look: { readonly prefix: string; readonly action: 'buy' | 'choose' },
  press: (bundle: Bundle) => void,
): Promise<void> {
  try {
    await openDialog({
      title: i18n.t('bundle.details', { ns: PURCHASE_UI_NAMESPACE }),
      showConfirm: false,
      showClose: true,
      className: `${look.prefix}-details-dialog`,
      render: ({ confirm }) => <BundleCard bundle={bundle} area={area} prefix={look.prefix} action={look.action} detailMode onPress={confirm} />,
    });
  } catch (error) {
    if (isDialogDismissed(error)) return;
    throw error;
  }
  await wait(DETAIL_PAY_DELAY_MS);
  press(bundle);
}
