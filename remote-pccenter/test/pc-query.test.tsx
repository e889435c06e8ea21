import { homeAreaOf, readCharacterChoice, readGameChoice } from '../src/lib/pc-query';

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
