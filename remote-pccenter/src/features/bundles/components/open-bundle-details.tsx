import { DETAIL_PAY_DELAY_MS, i18n, isDialogDismissed, openDialog, type Bundle } from '@topup/shared';
import { NAMESPACE } from '../../../strings';
import { BundleCard } from './BundleCard';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * 'Bundle Details' as on the mobile page: no confirm button; its price button closes the dialog,
 * waits 300 ms (spec §9), then chooses the bundle.
 */
export async function openBundleDetails(bundle: Bundle, area: string, choose: (bundle: Bundle) => void): Promise<void> {
  try {
    await openDialog({
      title: i18n.t('bundle.details', { ns: NAMESPACE }),
      showConfirm: false,
      showClose: true,
      className: 'pc-details-dialog',
      render: ({ confirm }) => <BundleCard bundle={bundle} area={area} detailMode onChoose={confirm} />,
    });
  } catch (error) {
    if (isDialogDismissed(error)) return;
    throw error;
  }
  await wait(DETAIL_PAY_DELAY_MS);
  choose(bundle);
}
