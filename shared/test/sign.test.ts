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

describe("the browser's MD5 (js-md5's lite build, aliased in shared/build/create-app-config.ts)", () => {
  it('hashes any text, Korean, Chinese and emoji included, exactly as the server does', async () => {
    const { createHash } = await import('node:crypto');
    // The CommonJS file of the same lite build (the browser bundles its ES module twin).
    const liteMd5 = require('js-md5/build/md5-lite.js') as (text: string) => string;
    const fc = await import('fast-check');
    const samples = ['', 'area=us&game_id=18&topup-dev-key', 'role_name=용사&server=서버1&k', 'role_name=勇者&k', 'note=🎮🎁&k'];
    for (const text of samples) expect(liteMd5(text)).toBe(createHash('md5').update(text, 'utf8').digest('hex'));
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => liteMd5(text) === createHash('md5').update(text, 'utf8').digest('hex')),
      { numRuns: 300 },
    );
  });
});
