import { sign, signBase, verifySign, withSign } from '../src/sign';

describe('sign', () => {
  it('hashes sorted key=value pairs plus the app key, leaving sign out', () => {
    const payload = { game_id: '18', area: 'us', sign: 'ignored' };
    expect(signBase(payload, 'k')).toBe('area=us&game_id=18&k');
    // md5("area=us&game_id=18&k")
    expect(sign(payload, 'k')).toBe(require('node:crypto').createHash('md5').update('area=us&game_id=18&k').digest('hex'));
  });

  it('includes empty values', () => {
    expect(signBase({ b: '', a: '1' }, 'key')).toBe('a=1&b=&key');
  });

  it('verifies what it signs and refuses a changed payload', () => {
    const signed = withSign({ game_id: '134', server_sign: 'x' });
    expect(verifySign(signed)).toBe(true);
    expect(verifySign({ ...signed, game_id: '135' })).toBe(false);
    expect(verifySign({ game_id: '134' })).toBe(false);
  });
});
