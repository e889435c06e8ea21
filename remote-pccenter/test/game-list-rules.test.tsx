import type { PayGame } from '@topup/shared';
import { groupByGame, matchesSearch } from '../src/features/games/group-games';
import { homeAreaOf, readCharacterChoice, readGameChoice } from '../src/lib/pc-query';

const entry = (game_id: number, area: string, game_name = `Game ${game_id}`): PayGame => ({
  game_id,
  area,
  game_name,
  game_icon: `/assets/games/${game_id}.svg`,
  game_desc: 'Tame dragons and hold the frontier',
});

describe('the home page lists', () => {
  it('makes one card per game with its areas in the order the store gave them', () => {
    const games = groupByGame([entry(18, 'us'), entry(44, 'us'), entry(18, 'eu'), entry(18, 'kr'), entry(44, 'kr'), entry(18, 'eu')]);
    expect(games.map((g) => [g.game_id, g.areas])).toEqual([
      [18, ['us', 'eu', 'kr']],
      [44, ['us', 'kr']],
    ]);
  });

  it('finds a game by every word typed, in its name or description, whatever the case or width', () => {
    const game = entry(18, 'us', 'Emberwing Frontier');
    expect(matchesSearch(game, '')).toBe(true);
    expect(matchesSearch(game, '  EMBER  ')).toBe(true);
    expect(matchesSearch(game, 'ｅｍｂｅｒ dragons')).toBe(true);
    expect(matchesSearch(game, 'ember pixel')).toBe(false);
    expect(matchesSearch({ game_name: '엠버윙 프론티어', game_desc: '' }, '프론티어')).toBe(true);
  });
});

describe('the pay centre address', () => {
  afterEach(() => window.localStorage.clear());

  it('reads the game, falling back to the stored area and from', () => {
    window.localStorage.setItem('area', 'kr');
    window.localStorage.setItem('from', 'app');
    expect(readGameChoice(new URLSearchParams('game_id=18'))).toEqual({ gameId: '18', area: 'kr', from: 'app', list: '' });
    expect(readGameChoice(new URLSearchParams('game_id=18&area=US&from=ads&list=voucher'))).toEqual({ gameId: '18', area: 'us', from: 'ads', list: 'voucher' });
  });

  it('has a character only with a game, a server and a role', () => {
    expect(readCharacterChoice(new URLSearchParams('game_id=18&area=us&server_id=1801'))).toBeNull();
    expect(readCharacterChoice(new URLSearchParams('game_id=18&area=us&server_id=1801&role_id=1801001&uid=1800001&server_sign=x'))).toMatchObject({
      role: { server_id: '1801', role_id: '1801001', uid: '1800001', role_name: '', server_name: '' },
      serverSign: 'x',
    });
  });

  it('asks in us for English, kr for Korean, and home areas for Chinese', () => {
    expect([homeAreaOf('en'), homeAreaOf('ko'), homeAreaOf('zh')]).toEqual(['us', 'kr', '']);
  });
});
