import { DEFAULT_APP_KEY } from '@topup/shared/sign';
import { apiSettings } from '@topup/shared/api';
import { fetchRegistry, loadRegistry, PreviewRefusedError } from '../src/federation/registry';

const registry = {
  contractVersion: 1,
  remotes: {
    'remote-topup': { version: 'a', manifestUrl: '/remotes/remote-topup/a/mf-manifest.json' },
    'remote-voucher': { version: 'b', manifestUrl: '/remotes/remote-voucher/b/mf-manifest.json' },
    'remote-pccenter': { version: 'c', manifestUrl: '/remotes/remote-pccenter/c/mf-manifest.json' },
    'remote-ops': { version: 'd', manifestUrl: '/remotes/remote-ops/d/mf-manifest.json' },
  },
};

function answer(status: number, body: unknown): Response {
  return { ok: status < 400, status, json: async () => body } as Response;
}

describe('remote registry', () => {
  it('is fetched without cache and checked for every remote', async () => {
    const fetcher = jest.fn(async () => answer(200, registry));
    expect(await fetchRegistry(null, fetcher as unknown as typeof fetch)).toEqual(registry);
    expect(fetcher).toHaveBeenCalledWith('/mf/registry.json', expect.objectContaining({ cache: 'no-store' }));
    const partial = jest.fn(async () => answer(200, { contractVersion: 1, remotes: { 'remote-topup': registry.remotes['remote-topup'] } }));
    await expect(fetchRegistry(null, partial as unknown as typeof fetch)).rejects.toThrow('remote-voucher');
  });

  it('applies the deployment\'s sign key it carries, so every API client signs with it', async () => {
    expect(apiSettings.appKey).toBe(DEFAULT_APP_KEY);
    const deployed = { ...registry, store: { appKey: 'deployment-key-7' } };
    try {
      await fetchRegistry(null, jest.fn(async () => answer(200, deployed)) as unknown as typeof fetch);
      expect(apiSettings.appKey).toBe('deployment-key-7');
    } finally {
      apiSettings.appKey = DEFAULT_APP_KEY;
    }
  });

  it('asks for a preview and reports a refused one', async () => {
    const fetcher = jest.fn(async () => answer(404, { msg: 'no such release' }));
    await expect(fetchRegistry('remote-topup@x', fetcher as unknown as typeof fetch)).rejects.toBeInstanceOf(PreviewRefusedError);
    expect(fetcher).toHaveBeenCalledWith('/mf/registry.json?preview=remote-topup%40x', expect.anything());
  });

  it('falls back to the live versions and forgets a refused preview', async () => {
    const calls: string[] = [];
    global.fetch = jest.fn(async (url: string) => {
      calls.push(url);
      return url.includes('preview') ? answer(404, { msg: 'unknown' }) : answer(200, registry);
    }) as unknown as typeof fetch;
    const forget = jest.fn();
    expect(await loadRegistry('remote-topup@zzz', forget)).toEqual({ registry, refusedPreview: 'remote-topup@zzz' });
    expect(forget).toHaveBeenCalled();
    expect(calls).toEqual(['/mf/registry.json?preview=remote-topup%40zzz', '/mf/registry.json']);
  });
});
