import type { Banner, Bundle, TabData } from '@topup/shared/types';
import { updateCatalogue } from '../src/catalogue/update-catalogue';
import { testDbTargets } from './support/test-db';
import { call, openTestStore, type TestStore } from './support/test-app';
import { orderInfo, orderRequest } from './support/order-helpers';

jest.setTimeout(60_000);

const page = (language: string) => ({ headers: { 'accept-language': language } });
const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const LATIN_WORD = /[A-Za-z]{3,}/;

/** Every word a bundle card shows. */
const cardWords = (bundle: Bundle) => [bundle.product_name, bundle.product_content, bundle.pay_icon, bundle.pay_content, bundle.first_pay_icon, bundle.first_pay_content].filter(Boolean);

describe.each(testDbTargets())('catalogue words in the page language on $name', (target) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await openTestStore(target);
  });
  afterAll(async () => {
    await store?.close();
  });

  it('names tabs and pay methods in the page language and keeps the tab keys the shelf sends back', async () => {
    const zh = await call<TabData>(store.app, 'getTab', { game_id: 18, area: 'us' }, page('zh'));
    expect(zh.data.tab_list).toEqual(['Dragon Gems', 'Packs', 'Passes']);
    expect(zh.data.tab_labels).toEqual({ 'Dragon Gems': '龙晶', Packs: '组合包', Passes: '通行证' });
    expect(zh.data.pay_type_list.map((pay) => pay.name)).toEqual(['信用卡或借记卡', '电子钱包']);
    const en = await call<TabData>(store.app, 'getTab', { game_id: 18, area: 'kr' }, page('en'));
    expect(en.data.tab_list).toEqual(['드래곤 젬', '패키지', '패스']);
    expect(en.data.tab_labels).toEqual({ '드래곤 젬': 'Dragon Gems', 패키지: 'Packs', 패스: 'Passes' });
    // The pay centre reads the same words.
    const pc = await call<TabData>(store.app, 'pcpay/priceTab', { game_id: 18, area: 'kr' }, page('zh'));
    expect(pc.data.pay_type_list.map((pay) => pay.name)).toEqual(['信用卡或借记卡', '手机话费支付', '银行转账与快捷支付']);
  });

  it('writes every bundle card of every tab in one language: Chinese on an English area, English on the Korean one', async () => {
    for (const [area, language, script, foreign] of [
      ['us', 'zh', HAN, HANGUL],
      ['kr', 'zh', HAN, HANGUL],
      ['kr', 'en', LATIN_WORD, HANGUL],
      ['us', 'ko', HANGUL, HAN],
    ] as const) {
      const tabs = await call<TabData>(store.app, 'getTab', { game_id: 18, area }, page(language));
      for (const type of tabs.data.tab_list) {
        const { data } = await call<Bundle[]>(store.app, 'getPayPrice', { game_id: 18, area, type }, page(language));
        expect(data.length).toBeGreaterThan(0);
        for (const bundle of data) {
          expect({ area, language, name: bundle.product_name, script: script.test(bundle.product_name + bundle.product_content) }).toMatchObject({ script: true });
          for (const words of cardWords(bundle)) expect({ area, language, words, foreign: foreign.test(words) }).toMatchObject({ foreign: false });
        }
      }
    }
  });

  it('answers in the area language when the page language has no words', async () => {
    const { data } = await call<Bundle[]>(store.app, 'getPayPrice', { game_id: 18, area: 'us', type: 'Packs' }, page('en'));
    expect(data.map((bundle) => bundle.product_name)).toEqual(['Starter Pack', 'Weekly Supply', 'Hero Chest']);
    const kr = await call<Bundle[]>(store.app, 'getPayPrice', { game_id: 18, area: 'kr', type: '패키지' }, page('ko'));
    expect(kr.data[0]?.product_name).toBe('스타터 팩');
  });

  it('falls back per text where the publisher left one untranslated: each text wholly in one language, the rest translated', async () => {
    await updateCatalogue(store.db, store.catalogue, async (tx) => {
      await tx.query(`UPDATE bundles SET texts = texts - 'zh' WHERE product_id = '18-eu-hero-chest'`);
      await tx.query(`UPDATE bundles SET texts = jsonb_set(texts, '{zh,productContent}', '""') WHERE product_id = '18-eu-starter-pack'`);
    });
    const tabs = await call<TabData>(store.app, 'getTab', { game_id: 18, area: 'eu' }, page('zh'));
    expect(tabs.data.tab_labels).toEqual({ 'Dragon Gems': '龙晶', Packs: '组合包', Passes: '通行证' });
    expect(tabs.data.pay_type_list[0]?.name).toBe('信用卡或借记卡');
    const gems = await call<Bundle[]>(store.app, 'getPayPrice', { game_id: 18, area: 'eu', type: 'Dragon Gems' }, page('zh'));
    for (const bundle of gems.data) expect(HAN.test(bundle.product_name)).toBe(true);
    const packs = await call<Bundle[]>(store.app, 'getPayPrice', { game_id: 18, area: 'eu', type: 'Packs' }, page('zh'));
    const chest = packs.data.find((bundle) => bundle.product_id === '18-eu-hero-chest');
    const starter = packs.data.find((bundle) => bundle.product_id === '18-eu-starter-pack');
    // The untranslated bundle reads in the area's English, every line of it; no line mixes two languages.
    for (const words of cardWords(chest as Bundle)) expect(HAN.test(words)).toBe(false);
    expect(HAN.test(starter?.product_name ?? '')).toBe(true);
    expect(starter?.product_content).toMatch(LATIN_WORD);
    expect(HAN.test(starter?.product_content ?? '')).toBe(false);
    for (const bundle of packs.data.filter((b) => b !== chest && b !== starter)) for (const words of cardWords(bundle)) expect(LATIN_WORD.test(words)).toBe(false);
    const slides = await call<Banner[]>(store.app, 'banners', { game_id: 18, area: 'eu' }, page('zh'));
    expect(slides.data[0]?.slideshow_url).toMatch(/\/zh\.svg\?r=\d+$/);
  });

  it('draws each slide’s words in the page language over a picture that has none', async () => {
    const { data } = await call<Banner[]>(store.app, 'banners', { game_id: 18, area: 'us' }, page('ko'));
    expect(data[0]).toMatchObject({ title: '최고의 가성비 충전: 980 + 보너스 110', slideshow_url: expect.stringMatching(/^\/banner-slides\/18-us-1\/ko\.svg\?r=\d+$/) });
    const slide = await store.app.inject({ method: 'GET', url: data[0]?.slideshow_url ?? '' });
    expect(slide.statusCode).toBe(200);
    expect(slide.headers['content-type']).toContain('image/svg+xml');
    expect(slide.body).toContain('>최고의 가성비 충전</text>');
    expect(slide.body).toContain('>엠버윙 프론티어</text>');
    expect(slide.body).toContain('xml:lang="ko"');
    const picture = await store.app.inject({ method: 'GET', url: '/assets/banners/18-1.svg' });
    expect(picture.body).not.toContain('<text');
    // Words are escaped, never markup.
    await updateCatalogue(store.db, store.catalogue, async (tx) => {
      await tx.query(`UPDATE banners SET texts = jsonb_set(texts, '{en,title}', '"<script>x</script> & more"') WHERE banner_key = '18-us-2'`);
    });
    const en = await call<Banner[]>(store.app, 'banners', { game_id: 18, area: 'us' }, page('en'));
    const drawn = await store.app.inject({ method: 'GET', url: en.data[1]?.slideshow_url ?? '' });
    expect(drawn.body).not.toContain('<script>');
    expect(drawn.body).toContain('&#60;script&#62;x&#60;/script&#62; &#38; more');
    for (const url of ['/banner-slides/18-us-1/xx.svg', '/banner-slides/nope/en.svg', '/banner-slides/18-us-1/en.png']) {
      expect((await store.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });

  it('keeps the bundle name on the order as the player read it', async () => {
    const placed = await call<{ order_id: string }>(store.app, 'createOrder', orderRequest({ product_id: '18-us-starter-pack', role_id: '1801002', uid: '1800002' }), page('zh'));
    expect(placed.ret).toBe(0);
    expect((await orderInfo(store.app, placed.data.order_id)).product_name).toBe('新手礼包');
  });

  it("answers the Voucher Center in the language after the stored area, and only in the store's languages", async () => {
    type Games = { list: Array<{ game_id: number; area: string; game_name: string }> };
    const ember = async (header: string) => (await call<Games>(store.app, 'getPayGameList', {}, page(header))).data.list.find((game) => game.game_id === 18);
    expect(await ember('us,ko')).toMatchObject({ area: 'kr', game_name: '엠버윙 프론티어' });
    expect(await ember('us,zh')).toMatchObject({ area: 'us', game_name: '烬翼边境' });
    expect(await ember('kr,en')).toMatchObject({ area: 'us', game_name: 'Emberwing Frontier' });
    expect(await ember('eu,en')).toMatchObject({ area: 'eu', game_name: 'Emberwing Frontier' });
    expect(await ember(',zh')).toMatchObject({ game_name: '烬翼边境' });
    // The spec's header alone still works; anything else a client sends picks among en, ko and zh only.
    expect(await ember('kr')).toMatchObject({ area: 'kr', game_name: '엠버윙 프론티어' });
    expect(await ember('kr,xx')).toMatchObject({ area: 'kr', game_name: '엠버윙 프론티어' });
    expect(await ember(`kr,${'x'.repeat(5000)},zh`)).toMatchObject({ area: 'kr', game_name: '엠버윙 프론티어' });
    expect(await ember('kr,<script>')).toMatchObject({ area: 'kr' });
  });

  it('shows the pay centre home slides in the page language', async () => {
    const { data } = await call<Banner[]>(store.app, 'pcpay/banner', { game_id: '', area: 'us' }, page('zh'));
    expect(data.map((slide) => slide.title)).toEqual(['十款游戏，一个安全的收银台: 道具通过游戏内邮件送达', '几秒钟即可充值游戏货币']);
  });
});
