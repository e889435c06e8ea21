import type { PayGame, PayGameListData } from '@topup/shared/types';
import { requestFamilyB } from './family-b-client';

/**
 * Family B `getPayGameList` (Voucher Center): the games to charge, posted with an empty payload.
 * Names and areas follow the stored area the wrapper sends in ACCEPT-LANGUAGE. A `ret` ≠ 0 answer
 * rejects with the server's msg.
 */
export async function getPayGameList(): Promise<PayGame[]> {
  const envelope = await requestFamilyB<PayGameListData | null>('getPayGameList', 'post');
  const list = envelope.data?.list;
  return Array.isArray(list) ? [...list] : [];
}
