import type { ReactElement } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '@topup/shared/store';
import { registerShellStrings } from '../src/shell/strings';

jest.mock('../src/federation/remotes', () => ({ loadRemotePage: jest.fn() }));
import { loadRemotePage } from '../src/federation/remotes';
import { RemoteRoute } from '../src/federation/RemoteRoute';

const load = loadRemotePage as jest.MockedFunction<typeof loadRemotePage>;

beforeAll(async () => {
  await initI18n('en');
  registerShellStrings();
});

function renderRoute() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <RemoteRoute remote="remote-voucher" expose="VoucherCenterPage" />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('RemoteRoute', () => {
  beforeEach(() => {
    load.mockReset();
    jest.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('shows a skeleton while the remote loads, then its page', async () => {
    let resolve: (value: { default: () => ReactElement }) => void = () => {};
    load.mockReturnValue(new Promise((r) => (resolve = r)));
    renderRoute();
    expect(screen.getByRole('status')).toHaveAttribute('data-remote-loading', 'remote-voucher');
    await act(async () => resolve({ default: () => <h1>Voucher Center</h1> }));
    expect(await screen.findByRole('heading', { name: 'Voucher Center' })).toBeInTheDocument();
  });

  it('shows the unavailable panel when the remote fails, and Retry loads it afresh', async () => {
    load.mockRejectedValueOnce(new Error('remote down'));
    renderRoute();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This part of the store is unavailable right now');
    expect(load).toHaveBeenCalledTimes(1);

    load.mockResolvedValueOnce({ default: () => <h1>Voucher Center</h1> });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Voucher Center' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('catches a remote page that throws while rendering', async () => {
    load.mockResolvedValueOnce({
      default: () => {
        throw new Error('render bug');
      },
    });
    renderRoute();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('speaks the current language in the fallback', async () => {
    load.mockRejectedValue(new Error('remote down'));
    await act(async () => {
      await i18n.changeLanguage('ko');
    });
    renderRoute();
    expect(await screen.findByRole('alert')).toHaveTextContent('지금은 스토어의 이 부분을 이용할 수 없습니다');
    await act(async () => {
      await i18n.changeLanguage('en');
    });
  });
});
