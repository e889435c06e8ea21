import type { CustUrlData, PayGameListData } from '@topup/shared/types';
import { testDbTargets } from './support/test-db';
import { call, openTestStore, type TestStore } from './support/test-app';

jest.setTimeout(60_000);

describe.each(testDbTargets())('Family B on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  const gameList = (acceptLanguage?: string) =>
    call<PayGameListData>(store.app, 'getPayGameList', {}, {
      form: true,
      unsigned: true,
      headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
    });

  describe('getPayGameList', () => {
    it('takes an empty form payload and lists every game with icon, name and description', async () => {
      const { ret, data } = await gameList();
      expect(ret).toBe(0);
      expect(data.list).toHaveLength(10);
      for (const game of data.list) {
        expect(Object.keys(game).sort()).toEqual(['area', 'game_desc', 'game_icon', 'game_id', 'game_name']);
        expect(game.game_icon).toBe(`/assets/games/${game.game_id}.svg`);
      }
      expect(data.list.find((g) => g.game_id === 18)).toMatchObject({ area: 'us', game_name: 'Emberwing Frontier' });
    });

    it('reads the stored area from ACCEPT-LANGUAGE: kr lists Korean names in area kr', async () => {
      const { data, msg } = await gameList('kr');
      expect(msg).toBe('성공');
      expect(data.list.every((game) => game.area === 'kr')).toBe(true);
      expect(data.list.find((g) => g.game_id === 18)?.game_name).toBe('엠버윙 프론티어');
    });

    it('falls back to the home area of games not sold in the stored area', async () => {
      const { data } = await gameList('eu');
      expect(data.list.find((g) => g.game_id === 18)?.area).toBe('eu');
      expect(data.list.find((g) => g.game_id === 134)?.area).toBe('multi');
    });

    it('also understands language tags: zh-CN gives Chinese', async () => {
      const { data } = await gameList('zh-CN,zh;q=0.9,en;q=0.8');
      expect(data.list.find((g) => g.game_id === 232)?.game_name).toBe('潮汐远航');
    });
  });

  describe('custUrl', () => {
    const custUrl = (gameId: string | number, area: string) =>
      call<CustUrlData>(store.app, 'custUrl', { game_id: gameId, area }, { form: true, headers: { 'accept-language': area || 'us' } });

    it('gives the store-wide link for the Voucher Center (empty game and area)', async () => {
      expect((await custUrl('', '')).data.social_media_url).toBe('/#/help');
    });

    it("gives a game's own link in its area", async () => {
      expect((await custUrl(18, 'us')).data.social_media_url).toBe('/#/help?game_id=18&area=us');
    });

    it('gives an empty link where a game has none, so the page hides the button', async () => {
      expect(await custUrl(310, 'kr')).toMatchObject({ ret: 0, data: { social_media_url: '' } });
    });

    it('is signed: a form without the right sign is refused', async () => {
      const answer = await call(store.app, 'custUrl', { game_id: '', area: '', sign: 'x' }, { form: true, unsigned: true });
      expect(answer).toMatchObject({ ret: 1001, data: null });
    });
  });
});
