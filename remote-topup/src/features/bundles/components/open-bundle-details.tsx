import { DETAIL_PAY_DELAY_MS, i18n, isDialogDismissed, openDialog, type Bundle } from '@topup/shared';
import { delay } from '../../../lib/delay';
import { NAMESPACE } from '../../../strings';
import { BundleCard } from './BundleCard';

/**
 * The 'Bundle Details' dialog: no confirm button; its price button closes the dialog, waits
 * 300 ms (spec §9), then starts the purchase.
 */
export async function openBundleDetails(bundle: Bundle, area: string, buy: (bundle: Bundle) => void): Promise<void> {
  try {
    await openDialog({
      title: i18n.t('bundle.details', { ns: NAMESPACE }),
      showConfirm: false,
      showClose: true,
      className: 'tp-details-dialog',
      render: ({ confirm }) => <BundleCard bundle={bundle} area={area} detailMode onBuy={confirm} />,
    });
  } catch (error) {
    if (isDialogDismissed(error)) return;
    throw error;
  }
  await delay(DETAIL_PAY_DELAY_MS);
  buy(bundle);
}
