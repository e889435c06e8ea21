import { LinkedCharacterPanel, type LinkedCharacterPanelProps, type LinkedPanelClasses } from '@topup/shared/checkout-ui';
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
};

/** The linked character's panel in the phone store's classes (loaded once a character is confirmed). */
export default function PhoneLinkedPanel(props: Omit<LinkedCharacterPanelProps, 'classes'>) {
  return <LinkedCharacterPanel {...props} classes={CLASSES} />;
}
