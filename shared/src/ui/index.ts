/** `@topup/shared/ui`: dialogs, toasts, popups, icons and the other pieces every page draws the same way. */
export { openDialog, closeAllDialogs, showConfirmDialog, showMessageDialog, DialogDismissed, isDialogDismissed } from './dialog/open-dialog';
export type { DialogOptions, DialogControls } from './dialog/open-dialog';
export { listDialogs, onDialogPhase, type DialogPhase, type DialogRecord } from './dialog/dialog-registry';
export { showToast, showLoadingToast, clearToast, type ToastOptions, type ToastHandle } from './toast/toast';
export type { BottomPopupProps } from './popup/BottomPopup';
export { PickerPopup, type PickerOption, type PickerPopupProps } from './popup/PickerPopup';
export { previewImage } from './image-preview/preview-image';
export { CloseIcon, SearchIcon, CheckIcon, SpinnerIcon } from './icons';
export { showCallError } from './show-call-error';
export { renderStandalone } from './standalone-root';
export { TERMS_PAGE_URL, PRIVACY_PAGE_URL } from './legal-pages';
export { LanguageSelect } from './LanguageSelect';
