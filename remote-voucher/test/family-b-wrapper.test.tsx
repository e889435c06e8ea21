import { type CustUrlData } from '@topup/shared/types';
import { sign } from '@topup/shared/sign';
import { localStore, store } from '@topup/shared/store';
import { getCustUrl, getPayGameList, isApiError, requestFamilyB } from '@topup/shared/api';
import { startRecordingProxy, type RecordingProxy } from '../../shared/test/support/recording-proxy';
import { startStoreServer, type StoreServer } from '../../shared/test/support/store-server';
import { pointApiAt } from './support/render-voucher';

jest.setTimeout(120_000);

let server: StoreServer;
let proxy: RecordingProxy;

beforeAll(async () => {
  server = await startStoreServer();
  proxy = await startRecordingProxy(server.url);
  pointApiAt(proxy.url);
});
afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});
beforeEach(() => {
  proxy.requests.length = 0;
  window.localStorage.clear();
  store.getState().setLocale('en');
});

const last = () => {
  const request = proxy.requests.at(-1);
  if (!request) throw new Error('nothing was sent');
  return request;
};

describe('the Family B wrapper, against the real store (spec §7)', () => {
  it('posts the params form-encoded to the alias, with the stored area as ACCEPT-LANGUAGE (then the page language)', async () => {
    localStore.set('area', 'kr');
    const payload = { game_id: '18', area: 'us' };
    const envelope = await requestFamilyB<CustUrlData>('custUrl', 'post', { ...payload, sign: sign(payload) });

    const request = last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/custUrl');
    expect(request.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request.headers['accept-language']).toBe('kr,en');
    expect(Object.fromEntries(new URLSearchParams(request.body))).toEqual({ ...payload, sign: sign(payload) });
    expect(request.body).toBe(`game_id=18&area=us&sign=${sign(payload)}`);
    // The real server checked the sign on those form fields and answered the game's link (in the
    // language of the body's area, which outranks the header).
    expect(envelope).toEqual({ ret: 0, msg: 'OK', data: { social_media_url: '/#/help?game_id=18&area=us' } });
  });

  it('sends get params as a query string with no body', async () => {
    localStore.set('area', 'us');
    const failure = await requestFamilyB('custUrl', 'get', { game_id: 18, note: 'a b&c' }).catch((error: unknown) => error);

    const request = last();
    expect(request.method).toBe('GET');
    expect(request.url).toBe('/api/custUrl?game_id=18&note=a+b%26c');
    expect(request.body).toBe('');
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.headers['accept-language']).toBe('us,en');
    // The store answers only posts: the refusal comes back as an error, never as data.
    expect(isApiError(failure)).toBe(true);
  });

  it('puts the optional sub-path after the alias', async () => {
    localStore.set('area', 'kr');
    store.getState().setLocale('ko');
    const failure = await requestFamilyB('custUrl', 'post', { game_id: '' }, '/history').catch((error: unknown) => error);
    expect([last().method, last().url, last().body]).toEqual(['POST', '/api/custUrl/history', 'game_id=']);
    // No such action in the store: its envelope's ret and msg (in the page's language) are the error.
    expect(isApiError(failure) && [failure.ret, failure.message]).toEqual([1011, '알 수 없는 요청입니다.']);
  });

  it('follows the stored area and the page language: Korean names in kr, English and home areas without one', async () => {
    localStore.set('area', 'kr');
    store.getState().setLocale('ko');
    const korean = await getPayGameList();
    expect(last().body).toBe('');
    expect(korean.find((game) => game.game_id === 18)).toMatchObject({ area: 'kr', game_name: '엠버윙 프론티어' });

    localStore.remove('area');
    store.getState().setLocale('en');
    const english = await getPayGameList();
    expect(last().headers['accept-language']).toBe(',en');
    expect(english.find((game) => game.game_id === 18)).toMatchObject({ area: 'us', game_name: 'Emberwing Frontier' });
    expect(english.find((game) => game.game_id === 134)).toMatchObject({ area: 'multi' });
  });

  it('asks custUrl with empty game_id and area for the store-wide link, signed', async () => {
    expect(await getCustUrl({ game_id: '', area: '' })).toBe('/#/help');
    const fields = Object.fromEntries(new URLSearchParams(last().body));
    expect(fields).toEqual({ game_id: '', area: '', sign: sign({ game_id: '', area: '' }) });
  });
});
