import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

describe('GET /healthz', () => {
  it('says the store is up and which instance answered (INSTANCE_NAME, or the host name and process id)', async () => {
    const named = await buildApp({ config: loadConfig({ INSTANCE_NAME: 'store-b' }) });
    const unnamed = await buildApp({ config: loadConfig({}) });
    try {
      expect((await named.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true, instance: 'store-b' });
      expect((await unnamed.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true, instance: expect.stringMatching(new RegExp(`:${process.pid}$`)) });
    } finally {
      await named.close();
      await unnamed.close();
    }
  });
});
