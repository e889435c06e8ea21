import type { PayGame } from '@topup/shared/types';
import { groupByGame, matchesSearch } from '../src/pay-centre-api/game-list';

const entry = (game_id: number, area: string, game_name = `Game ${game_id}`): PayGame => ({
  game_id,
  area,
  game_name,
  game_icon: `/assets/games/${game_id}.svg`,
  game_desc: 'Tame dragons and hold the frontier',
});

describe("the pay centre's game list (its home and the phone's /game)", () => {
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
