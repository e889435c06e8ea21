import { updateCatalogue } from '../src/catalogue/update-catalogue';
import { createOrder, openOrderStore, type OrderStore } from './support/order-helpers';
import { call } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(120_000);

/** Issue 34: a server the catalogue closed is said to be closed, not "does not exist". */
describe.each(testDbTargets())('a closed server on $name', (target) => {
  let store: OrderStore;
  beforeAll(async () => {
    store = await openOrderStore(target);
    await updateCatalogue(store.db, store.catalogue, (tx) => tx.query(`UPDATE servers SET open = false WHERE game_id = 18 AND server_id = '1802'`));
  });
  afterAll(async () => {
    await store?.close();
  });

  const BOREALIS = { game_id: 18, area: 'us', server_id: '1802', role_id: '1802001' };

  it('is not offered in the server list', async () => {
    const answer = await call<Array<{ server_id: string }>>(store.app, 'getServerList', { game_id: 18, area: 'us', region: '' });
    expect(answer.ret).toBe(0);
    expect(answer.data.map((server) => server.server_id)).not.toContain('1802');
  });

  it.each([
    ['en', 'This server is closed. Its characters cannot be topped up here any more; please choose another server.'],
    ['ko', '운영이 종료된 서버입니다. 이 서버의 캐릭터는 더 이상 충전할 수 없으니 다른 서버를 선택해 주세요.'],
    ['zh', '该服务器已关闭，无法再为其角色充值，请选择其他服务器。'],
  ])('refuses a character lookup on it as closed (ret 1024) in %s, on the phone and in the pay centre', async (language, msg) => {
    const headers = { 'accept-language': language };
    expect(await call(store.app, 'getRoleInfo', BOREALIS, { headers })).toMatchObject({ ret: 1024, data: null, msg });
    expect(await call(store.app, 'pcpay/roleInfo', BOREALIS, { headers })).toMatchObject({ ret: 1024, data: null, msg });
  });

  it('refuses an order for a character on it as closed, and a server that never was as unknown', async () => {
    expect(await createOrder(store.app, { server_id: '1802', role_id: '1802001', uid: '1800001' })).toMatchObject({ ret: 1024 });
    expect(await createOrder(store.app, { server_id: '1899', role_id: '1899001' })).toMatchObject({ ret: 1005 });
    // Another area's open server stays "not of this area".
    expect(await createOrder(store.app, { server_id: '1811' })).toMatchObject({ ret: 1005 });
  });
});
