import { loadRemote } from '@module-federation/enhanced/runtime';
import { prefetchRemotePage, loadRemotePage } from '../src/federation/remotes';
import { routePageOf } from '../src/federation/route-page';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn() }));
jest.mock('../src/federation/registry', () => ({
  loadRegistry: jest.fn(async () => ({
    registry: {
      contractVersion: 1,
      remotes: {
        'remote-topup': { version: 'a', manifestUrl: '/remotes/remote-topup/a/mf-manifest.json' },
        'remote-voucher': { version: 'b', manifestUrl: '/remotes/remote-voucher/b/mf-manifest.json' },
        'remote-pccenter': { version: 'c', manifestUrl: '/remotes/remote-pccenter/c/mf-manifest.json' },
        'remote-ops': { version: 'd', manifestUrl: '/remotes/remote-ops/d/mf-manifest.json' },
      },
    },
    refusedPreview: null,
  })),
}));

const load = loadRemote as jest.MockedFunction<typeof loadRemote>;
const Page = () => null;

describe('the page an address shows', () => {
  it('follows the route table, and / on a wide window is the pay centre', () => {
    expect(routePageOf('#/?game_id=18&area=us', false)).toEqual({ remote: 'remote-topup', expose: 'MainPage' });
    expect(routePageOf('', false)).toEqual({ remote: 'remote-topup', expose: 'MainPage' });
    expect(routePageOf('#/?game_id=18', true)).toEqual({ remote: 'remote-pccenter', expose: 'PcIndexPage' });
    expect(routePageOf('#/index_1', true)).toEqual({ remote: 'remote-voucher', expose: 'VoucherCenterPage' });
    expect(routePageOf('#/no-such-page', false)).toBeNull();
  });
});

describe('loading the first page early', () => {
  beforeEach(() => load.mockReset());

  it('loads it once: the route takes the early load, a later visit loads afresh', async () => {
    load.mockResolvedValue({ default: Page });
    prefetchRemotePage('remote-topup', 'MainPage');
    await expect(loadRemotePage('remote-topup', 'MainPage')).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('remote_topup/MainPage');
    await loadRemotePage('remote-topup', 'MainPage');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries a failed early load once more when the route asks', async () => {
    load.mockRejectedValueOnce(new Error('remote down')).mockResolvedValueOnce({ default: Page });
    prefetchRemotePage('remote-voucher', 'VoucherCenterPage');
    await expect(loadRemotePage('remote-voucher', 'VoucherCenterPage')).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('still fails when the remote stays down, so the route can offer Retry', async () => {
    load.mockRejectedValue(new Error('remote down'));
    prefetchRemotePage('remote-pccenter', 'PcIndexPage');
    await expect(loadRemotePage('remote-pccenter', 'PcIndexPage')).rejects.toThrow('remote down');
  });
});
