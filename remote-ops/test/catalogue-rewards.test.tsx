import { fireEvent, screen, within } from '@testing-library/react';
import type { CatalogueDraft } from '@topup/shared/types';
import { fakeApi, renderConsole, type Answer } from './support/console-harness';

jest.setTimeout(30_000);

const MERCHANDISER = { operator: { name: 'merch@ops.example', role: 'merchandiser' }, permissions: ['read', 'catalogue.edit'], csrfToken: 'token' };
const VIEWER = { operator: { name: 'viewer@ops.example', role: 'viewer' }, permissions: ['read'], csrfToken: 'token' };

const names = (en: string) => ({ en, ko: `${en} (ko)`, zh: `${en} (zh)` });
const REWARDS = {
  time_zone: 'America/New_York',
  daily_gift: [{ name: 'Dragon Gems', quantity: 10, names: { ko: '드래곤 젬', zh: '龙晶' } }],
  points_per_1000_minor: { USD: 100, KRW: 1 },
  tiers: [
    { min_points: 0, names: names('Bronze') },
    { min_points: 500, names: names('Silver') },
  ],
  redeem: [{ reward_id: '18-points-100', points: 300, names: names('100 Dragon Gems'), items: [{ name: 'Dragon Gems', quantity: 100 }] }],
};
const GAME = {
  game_id: 18,
  names: { en: 'Emberwing Frontier', ko: '엠버윙', zh: '烬翼' },
  descriptions: { en: '', ko: '', zh: '' },
  icon_url: '/assets/games/18.svg',
  role_lookup: 'id',
  server_sign_required: false,
  role_help_image: '',
  in_voucher_centre: true,
  sort: 0,
  help: {},
  rewards: REWARDS,
};

function draftWith(games: unknown[], extra: Partial<CatalogueDraft> = {}): CatalogueDraft {
  return {
    revision: 7,
    rows: [],
    file: { games, game_areas: [], servers: [], product_tabs: [], pay_types: [], bundles: [], banners: [], store_settings: [] },
    problems: [],
    diff: { lists: {}, priceChanges: [] },
    provider_pay_types: ['card'],
    ...extra,
  };
}

const saved = (row: Record<string, unknown>): Answer => ({
  body: { key: '18', draft: draftWith([row], { rows: [{ list: 'games', key: '18', row, kind: 'changed', stale: false, live: GAME, updated_by: 'merch@ops.example', updated_at: '' }] }) },
});

async function openGame(language?: 'ko'): Promise<HTMLElement> {
  await renderConsole('/ops/catalogue/edit', language);
  fireEvent.click(await screen.findByRole('button', { name: /Emberwing Frontier/ }));
  return screen.getByRole('form', { name: 'Emberwing Frontier' });
}

describe("a game's rewards in the catalogue editor", () => {
  it('shows the rewards as rows, each rate per amount of its currency; a tier out of order is refused by the server and said by the tiers, then the fixed rewards are saved', async () => {
    let refuse = true;
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draftWith([GAME]) },
      'POST /catalogue/draft/rows': (call) => {
        const row = call.body!.row as { rewards: typeof REWARDS };
        if (refuse) {
          refuse = false;
          return { status: 400, body: { error: 'The row is refused', code: 'rowInvalid', problems: ['rewards.tiers must go from the fewest points up, each with more than the one before'], rewards: [{ field: 'tiers', reason: 'tierOrder' }] } };
        }
        return saved(row as unknown as Record<string, unknown>);
      },
    });
    const form = await openGame();
    const rewards = within(form).getByRole('group', { name: 'Rewards for linked characters' });
    expect(within(rewards).getByLabelText('This game gives linked characters a daily gift and points')).toBeChecked();
    expect(within(rewards).getByLabelText('Time zone')).toHaveValue('America/New_York');
    expect(within(rewards).getByLabelText('Time zone')).toHaveAccessibleDescription("The daily gift's day starts at midnight in this zone.");
    // A rate is points per 1,000 minor units: shown as the amount it is in each currency.
    const usd = within(rewards).getByRole('group', { name: 'Currency 1' });
    expect(within(usd).getByLabelText('Points per 10.00 USD')).toHaveValue('100');
    expect(within(within(rewards).getByRole('group', { name: 'Currency 2' })).getByLabelText('Points per 1,000 KRW')).toHaveValue('1');

    // The gift grows to 25 gems, Silver starts at 400, a Gold tier is added — below Silver by mistake.
    const gift = within(rewards).getByRole('group', { name: 'Daily gift' });
    fireEvent.input(within(within(gift).getByRole('group', { name: 'Item 1' })).getByLabelText('Count'), { target: { value: '25' } });
    const tiers = within(rewards).getByRole('group', { name: 'Tiers' });
    fireEvent.input(within(within(tiers).getByRole('group', { name: 'Tier 2' })).getByLabelText('From points'), { target: { value: '400' } });
    fireEvent.click(within(tiers).getByRole('button', { name: 'Add a tier' }));
    const gold = within(tiers).getByRole('group', { name: 'Tier 3' });
    fireEvent.input(within(gold).getByLabelText('From points'), { target: { value: '300' } });
    fireEvent.input(within(gold).getByLabelText('Name in English'), { target: { value: 'Gold' } });
    fireEvent.input(within(gold).getByLabelText('Name in Korean'), { target: { value: '골드' } });
    fireEvent.input(within(gold).getByLabelText('Name in Chinese'), { target: { value: '黄金' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));

    // The server's rule, in the operator's words, by the tiers; its English words not repeated.
    const message = 'Tiers go from the fewest points up: each needs more points than the one before.';
    expect(await within(tiers).findByText(message)).toBeInTheDocument();
    expect(tiers).toHaveAccessibleDescription(`Lowest first: each tier needs more points than the one above it. ${message}`);
    expect(within(gold).getByLabelText('From points')).toHaveAttribute('aria-invalid', 'true');
    expect(within(rewards).getByLabelText('Time zone')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/must go from the fewest points up/)).toBeNull();

    fireEvent.input(within(gold).getByLabelText('From points'), { target: { value: '2000' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('Saved to the draft.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect((posts[1]!.body as { row: { rewards: unknown } }).row.rewards).toEqual({
      ...REWARDS,
      daily_gift: [{ name: 'Dragon Gems', quantity: 25, names: { ko: '드래곤 젬', zh: '龙晶' } }],
      tiers: [REWARDS.tiers[0], { min_points: 400, names: names('Silver') }, { min_points: 2000, names: { en: 'Gold', ko: '골드', zh: '黄金' } }],
    });
  });

  it('says by the time zone, in Korean, that the server knows no such zone; a rate with no currency code is refused before anything is sent', async () => {
    const bad = { ...GAME, rewards: { ...REWARDS, time_zone: 'Asia/Atlantis' } };
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draftWith([bad]) },
      'POST /catalogue/draft/rows': (call) => {
        const row = call.body!.row as { rewards: typeof REWARDS };
        if (row.rewards.time_zone === 'Asia/Atlantis') {
          return { status: 400, body: { error: 'The row is refused', code: 'rowInvalid', problems: ['rewards.time_zone "Asia/Atlantis" is not a time zone (use an IANA name such as Asia/Seoul)'], rewards: [{ field: 'time_zone', reason: 'timeZone', value: 'Asia/Atlantis' }] } };
        }
        return saved(row as unknown as Record<string, unknown>);
      },
    });
    const form = await openGame('ko');
    const rewards = within(form).getByRole('group', { name: '연결된 캐릭터 보상' });
    const rates = within(rewards).getByRole('group', { name: '통화별 적립 포인트' });
    fireEvent.click(within(rates).getByRole('button', { name: '통화 추가' }));
    const third = within(rates).getByRole('group', { name: '통화 3' });
    fireEvent.input(within(third).getByLabelText('통화 (예: USD)'), { target: { value: 'us' } });
    fireEvent.input(within(third).getByLabelText('최소 단위 1,000당 포인트'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: '초안에 저장' }));
    expect(rates).toHaveAccessibleDescription(expect.stringContaining('통화는 USD, KRW 같은 세 글자 코드입니다.'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(within(third).getByRole('button', { name: '통화 3 삭제' }));
    fireEvent.click(within(form).getByRole('button', { name: '초안에 저장' }));
    const zone = within(rewards).getByLabelText('시간대');
    expect(await within(rewards).findByText('"Asia/Atlantis"은(는) 스토어가 아는 시간대가 아닙니다. 목록에서 고르세요.')).toBeInTheDocument();
    expect(zone).toHaveAttribute('aria-invalid', 'true');
    expect(zone).toHaveAccessibleDescription(expect.stringContaining('"Asia/Atlantis"은(는) 스토어가 아는 시간대가 아닙니다.'));

    fireEvent.change(zone, { target: { value: 'Asia/Seoul' } });
    fireEvent.click(within(form).getByRole('button', { name: '초안에 저장' }));
    expect(await screen.findByText('초안에 저장되었습니다.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect((posts[posts.length - 1]!.body as { row: { rewards: unknown } }).row.rewards).toEqual({ ...REWARDS, time_zone: 'Asia/Seoul' });
  });

  it('turns a game\'s rewards off: saved as null', async () => {
    const calls = fakeApi({
      'GET /session': { body: MERCHANDISER },
      'GET /catalogue/draft': { body: draftWith([GAME]) },
      'POST /catalogue/draft/rows': (call) => saved(call.body!.row as Record<string, unknown>),
    });
    const form = await openGame();
    const on = within(form).getByLabelText('This game gives linked characters a daily gift and points');
    fireEvent.click(on);
    expect(within(form).queryByLabelText('Time zone')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('Saved to the draft.')).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'POST')!.body as { row: { rewards: unknown } }).row.rewards).toBeNull();
  });

  it('shows a viewer the rewards without a way to change them', async () => {
    fakeApi({ 'GET /session': { body: VIEWER }, 'GET /catalogue/draft': { body: draftWith([GAME]) } });
    const form = await openGame();
    expect(within(form).getByLabelText('Time zone')).toBeDisabled();
    expect(within(within(form).getByRole('group', { name: 'Tier 1' })).getByLabelText('From points')).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Add a tier' })).toBeNull();
  });

  it('names in the publish dialog which parts of a game\'s rewards change, in Korean too', async () => {
    const row = { ...GAME, rewards: { ...REWARDS, tiers: [REWARDS.tiers[0], { min_points: 400, names: names('Silver') }] } };
    const draft = draftWith([row], {
      rows: [{ list: 'games', key: '18', row, kind: 'changed', stale: false, live: GAME, updated_by: 'merch@ops.example', updated_at: '' }],
      diff: {
        lists: { games: { added: 0, changed: 1, retired: 0, rows: { added: [], changed: [{ key: '18', name: 'Emberwing Frontier', game_id: 18, fields: ['rewards.daily_gift', 'rewards.tiers'] }], retired: [] } } },
        priceChanges: [],
      },
    });
    fakeApi({ 'GET /session': { body: MERCHANDISER }, 'GET /catalogue/draft': { body: draft } });
    await renderConsole('/ops/catalogue/edit', 'ko');
    fireEvent.click(await screen.findByRole('button', { name: /^리비전 8/ }));
    const item = within(screen.getByRole('dialog')).getByRole('listitem');
    expect(item).toHaveTextContent('보상: 매일 선물, 보상: 등급');
  });
});
