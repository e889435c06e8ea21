import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TOAST_DEFAULT_MS } from '@topup/shared/rules';
import { ApiError } from '@topup/shared/api';
import { initI18n } from '@topup/shared/store';
import {
  clearToast,
  DialogDismissed,
  listDialogs,
  onDialogPhase,
  openDialog,
  PickerPopup,
  previewImage,
  showCallError,
  showConfirmDialog,
  showToast,
  type DialogPhase,
} from '@topup/shared/ui';

beforeAll(() => initI18n('en'));
afterEach(() => clearToast());

function Opener({ onOpen }: { readonly onOpen: () => void }) {
  return (
    <button type="button" onClick={onOpen}>
      open
    </button>
  );
}

describe('dialog helper (spec §2 "Dialogs")', () => {
  it('resolves on confirm and goes registered → shown → hidden → removed', async () => {
    const user = userEvent.setup();
    const phases: DialogPhase[] = [];
    const stop = onDialogPhase((r) => phases.push(r.phase));
    let result: Promise<void> = Promise.resolve();
    render(<Opener onOpen={() => (result = openDialog({ title: 'Hello', message: 'Body text' }))} />);
    await user.click(screen.getByRole('button', { name: 'open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hello' });
    expect(listDialogs().map((d) => d.phase)).toEqual(['shown']);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await expect(result).resolves.toBeUndefined();
    await waitFor(() => expect(phases).toEqual(['registered', 'shown', 'hidden', 'removed']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(listDialogs()).toEqual([]);
    stop();
  });

  it('rejects on Cancel and on Escape, moving focus in and back to the opener', async () => {
    const user = userEvent.setup();
    let result: Promise<void> = Promise.resolve();
    render(<Opener onOpen={() => (result = showConfirmDialog('Sure?'))} />);
    const opener = screen.getByRole('button', { name: 'open' });

    await user.click(opener);
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await expect(result).rejects.toBeInstanceOf(DialogDismissed);
    await waitFor(() => expect(document.activeElement).toBe(opener));

    await user.click(opener);
    dialog = await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await expect(result).rejects.toBeInstanceOf(DialogDismissed);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(opener);
  });

  it('keeps Tab inside the dialog and labels its close icon', async () => {
    const user = userEvent.setup();
    const outcome = openDialog({ title: 'Sheet', placement: 'bottom', showCancel: true }).catch((error: unknown) => error);
    const dialog = await screen.findByRole('alertdialog', { name: 'Sheet' });
    const close = within(dialog).getByRole('button', { name: 'Close' });
    for (let i = 0; i < 5; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.click(close);
    expect(await outcome).toBeInstanceOf(DialogDismissed);
  });
});

describe('toast', () => {
  it('stays 2000 ms by default', () => {
    jest.useFakeTimers();
    try {
      act(() => void showToast('Saved'));
      expect(screen.getByRole('status')).toHaveTextContent('Saved');
      act(() => jest.advanceTimersByTime(TOAST_DEFAULT_MS - 1));
      expect(screen.queryByText('Saved')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('bottom picker popup', () => {
  function Picker({ onSelect }: { readonly onSelect: (value: string) => void }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          server
        </button>
        <PickerPopup
          open={open}
          title="Select a server"
          options={[
            { value: '1', label: 'NA-1 Aurora' },
            { value: '2', label: 'NA-2 Borealis' },
            { value: '3', label: 'EU-1 Avalon' },
          ]}
          onSelect={(option) => {
            onSelect(option.value);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      </>
    );
  }

  it('focuses its search field, filters the list, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    const chosen: string[] = [];
    render(<Picker onSelect={(v) => chosen.push(v)} />);
    const trigger = screen.getByRole('button', { name: 'server' });
    await user.click(trigger);
    const popup = await screen.findByRole('dialog', { name: 'Select a server' });
    const search = within(popup).getByRole('searchbox');
    expect(document.activeElement).toBe(search);
    await user.type(search, 'na-');
    expect(within(popup).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['NA-1 Aurora', 'NA-2 Borealis']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    await user.click(await screen.findByRole('button', { name: 'EU-1 Avalon' }));
    expect(chosen).toEqual(['3']);
  });
});

describe('image preview', () => {
  it('zooms between 1/3 and 3 times', async () => {
    const user = userEvent.setup();
    const closed = previewImage('/help.png', 'Where to find your character ID');
    const viewer = await screen.findByRole('dialog', { name: 'Image preview' });
    const image = within(viewer).getByRole('img');
    const zoomIn = within(viewer).getByRole('button', { name: 'Zoom in' });
    const zoomOut = within(viewer).getByRole('button', { name: 'Zoom out' });
    for (let i = 0; i < 6; i += 1) if (!(zoomIn as HTMLButtonElement).disabled) await user.click(zoomIn);
    expect(image.dataset.scale).toBe('3.000');
    expect(zoomIn).toBeDisabled();
    for (let i = 0; i < 10; i += 1) if (!(zoomOut as HTMLButtonElement).disabled) await user.click(zoomOut);
    expect(Number(image.dataset.scale)).toBeCloseTo(1 / 3, 3);
    expect(zoomOut).toBeDisabled();
    await user.keyboard('{Escape}');
    await closed;
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('one message at a time', () => {
  it('takes a loading toast away when a call error opens its dialog', async () => {
    showToast('Checking your character…', { loading: true, duration: 0 });
    expect(document.querySelector('[data-toast]')).not.toBeNull();
    act(() => showCallError(new ApiError('server', 'This character does not exist.', 1003)));
    expect(await screen.findByRole('dialog')).toHaveTextContent('This character does not exist.');
    expect(document.querySelector('[data-toast]')).toBeNull();
    await userEvent.setup().click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
  });
});
