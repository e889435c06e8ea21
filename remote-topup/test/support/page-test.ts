import { act, configure, screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { clearToast, closeAllDialogs } from '@topup/shared/ui';

// The real server answers in milliseconds, but the first PGlite queries can take longer.
configure({ asyncUtilTimeout: 8000 });

/** Leaves no dialog, toast or stored character behind for the next test. */
export async function resetPage(): Promise<void> {
  closeAllDialogs();
  clearToast();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Closed dialogs leave the page after their closing animation.
  await act(() => new Promise((resolve) => setTimeout(resolve, 250)));
}

export async function chooseFromPicker(user: UserEvent, fieldTestId: string, optionName: string): Promise<void> {
  await user.click(await screen.findByTestId(fieldTestId));
  const popup = await screen.findByRole('dialog');
  await user.click(await within(popup).findByRole('button', { name: optionName }));
}

/** Chooses a server, types the character and searches. */
export async function searchCharacter(user: UserEvent, serverName: string, typed: string): Promise<void> {
  await chooseFromPicker(user, 'server-field', serverName);
  const input = screen.getByRole('textbox');
  await user.clear(input);
  await user.type(input, typed);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

/** The dialog whose text includes `text`. */
export async function findDialogWith(text: string): Promise<HTMLElement> {
  const message = await screen.findByText(text);
  const dialog = message.closest<HTMLElement>('[role="dialog"], [role="alertdialog"]');
  if (!dialog) throw new Error(`"${text}" is not inside a dialog`);
  return dialog;
}

export function bundleCard(productId: string): HTMLElement {
  const card = document.querySelector<HTMLElement>(`[data-product-id="${productId}"]`);
  if (!card) throw new Error(`no card for ${productId}`);
  return card;
}
