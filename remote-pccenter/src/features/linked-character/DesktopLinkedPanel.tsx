import { LinkedCharacterPanel, type LinkedCharacterPanelProps, type LinkedPanelClasses } from '@topup/shared/checkout-ui';
import './pc-linked-character.css';

const CLASSES: LinkedPanelClasses = {
  card: 'pc-panel',
  title: 'pc-linked__title',
  button: 'pc-button pc-button--secondary',
  primary: 'pc-button pc-button--primary pc-button--block',
  secondary: 'pc-button pc-button--secondary pc-button--block',
  field: 'pc-field',
  label: 'pc-label',
  input: 'pc-input',
  hint: 'pc-muted',
  error: 'pc-field-error',
  link: 'pc-link',
};

/** The linked character's panel in the pay centre's classes (loaded once the game confirmed the character); "My orders by character" opens inside it. */
export default function DesktopLinkedPanel(props: Omit<LinkedCharacterPanelProps, 'classes'>) {
  return <LinkedCharacterPanel {...props} classes={CLASSES} />;
}
