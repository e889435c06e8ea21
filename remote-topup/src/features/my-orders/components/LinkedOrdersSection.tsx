import { noteLinkedBrowser } from '@topup/shared/checkout';
import { LinkedCharactersOrders } from '@topup/shared/checkout-ui';
import type { LinkedOrdersCharacter } from '../linked-orders-query';

const CLASSES = {
  card: 'od-card',
  title: 'od-card__title',
  button: 'od-button od-button--ghost',
  hint: 'mo-muted',
  error: 'mo-find__message',
  link: 'od-link',
};

const noLink = () => noteLinkedBrowser(false);

/** "My orders by character" on the phone's My orders page: loaded only in a browser that linked a character. */
export default function LinkedOrdersSection({ opened }: { readonly opened: LinkedOrdersCharacter | null }) {
  return <LinkedCharactersOrders classes={CLASSES} opened={opened} onNoLink={noLink} />;
}
