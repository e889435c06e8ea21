import type { OrderSeller } from '@topup/shared/types';
import type { PaymentProvider } from '../payments';
import type { OrderSettings } from './order-settings';

/** What the order actions need besides the database, catalogue and games. */
export interface OrderServices {
  readonly settings: OrderSettings;
  readonly payments: PaymentProvider;
  /** Wakes the delivery worker at once (a payment just came in) instead of at its next poll. */
  readonly wakeDelivery: () => void;
  /** Wakes the mail worker at once (a mail was just queued); absent or a no-op when none runs. */
  readonly wakeMail?: () => void;
  /** The publisher as receipts name it (PUBLISHER_NAME, PUBLISHER_ADDRESS); null while unset. */
  readonly seller?: OrderSeller | null;
}
