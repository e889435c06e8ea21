import { LinkedCharacterPanel, type LinkedCharacterPanelProps, type LinkedPanelClasses } from '@topup/shared/checkout-ui';
import { noteLinkedBrowser } from '@topup/shared/checkout';
import { toHref } from '@topup/shared/store';
import { linkedOrdersQuery } from '../my-orders/linked-orders-query';
import './linked-character.css';

const CLASSES: LinkedPanelClasses = {
  card: 'tp-card',
  title: 'tp-card__title',
  button: 'tp-button',
  primary: 'tp-button tp-button--primary tp-button--block',
  secondary: 'tp-button tp-button--block',
  field: 'tp-field',
  label: 'tp-field__label',
  input: 'tp-input',
  hint: 'tp-field__hint',
  error: 'tp-field__error',
  link: 'tp-button tp-button--block lc-orders-link',
};

/**
 * The linked character's panel in the phone store's classes (loaded once a character is confirmed);
 * "My orders by character" opens the My orders page with this character's orders.
 */
const linkedHere = () => noteLinkedBrowser(true);

export default function PhoneLinkedPanel(props: Omit<LinkedCharacterPanelProps, 'classes' | 'ordersHref' | 'onLinkedHere'>) {
  const { gameId, area, role } = props;
  const ordersHref = `#${toHref('/orders', linkedOrdersQuery({ game_id: gameId, area, server_id: role.server_id, role_id: role.role_id }))}`;
  return <LinkedCharacterPanel {...props} classes={CLASSES} ordersHref={ordersHref} onLinkedHere={linkedHere} />;
}
