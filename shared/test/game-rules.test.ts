import { createHash } from 'node:crypto';
import { DEFAULT_APP_KEY, signBase, withSign } from '../src/sign';
import { configureGameRules } from '../src/rules/regions';
import { SPEC_GAME_RULES } from '../test-support/spec-game-rules';
import { roleLookupPayload } from '../src/rules/role-lookup';
import { characterArea, initialRegion, regionLabel, serverListPayload } from '../src/rules/server-list';
import { clampZoom } from '../src/rules/image-zoom';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

// The pages' rules as the registry answer gives them for the demo catalogue.
beforeAll(() => configureGameRules(SPEC_GAME_RULES));

describe('role lookup payloads and their sign, per game (spec §5, §7)', () => {
  it('sends the typed ID for a plain game, without server_sign or role_name', () => {
    const payload = withSign({ ...roleLookupPayload({ gameId: 18, area: 'us', serverId: 's1', serverSign: 'x', typed: ' 100001 ' }) });
    expect(payload).toEqual({ role_id: '100001', server_id: 's1', area: 'us', game_id: '18', sign: payload.sign });
    expect(signBase(payload, DEFAULT_APP_KEY)).toBe(`area=us&game_id=18&role_id=100001&server_id=s1&${DEFAULT_APP_KEY}`);
    expect(payload.sign).toBe(md5(`area=us&game_id=18&role_id=100001&server_id=s1&${DEFAULT_APP_KEY}`));
  });

  it('sends the typed text as role_name with an empty role_id for game 284', () => {
    const payload = withSign({ ...roleLookupPayload({ gameId: 284, area: 'us', serverId: 's9', typed: 'Moonblade' }) });
    expect(payload.role_id).toBe('');
    expect(payload.role_name).toBe('Moonblade');
    expect(signBase(payload, 'k')).toBe('area=us&game_id=284&role_id=&role_name=Moonblade&server_id=s9&k');
  });

  it('adds the server_sign for game 134', () => {
    const payload = withSign({ ...roleLookupPayload({ gameId: '134', area: 'multi', serverId: 'n1', serverSign: 'abc123', typed: '7' }) });
    expect(payload.server_sign).toBe('abc123');
    expect(payload).not.toHaveProperty('role_name');
    expect(signBase(payload, 'k')).toBe('area=multi&game_id=134&role_id=7&server_id=n1&server_sign=abc123&k');
  });
});

describe('server list payloads and regions (spec §7, §9)', () => {
  it('defaults game 232 in area en to america and sends the sub-region as area', () => {
    expect(initialRegion(232, 'en')).toBe('america');
    expect(serverListPayload(232, 'en', 'america')).toEqual({ game_id: '232', area: 'america', region: '' });
    expect(characterArea(232, 'en', 'europe')).toBe('en');
  });

  it('sends region for games 44 and 134 and keeps their area', () => {
    expect(initialRegion(44, 'us')).toBe('am');
    expect(serverListPayload(44, 'us', 'eu')).toEqual({ game_id: '44', area: 'us', region: 'eu' });
    expect(initialRegion(134, 'multi')).toBe('us');
    expect(serverListPayload(134, 'multi', 'eu')).toEqual({ game_id: '134', area: 'multi', region: 'eu' });
  });

  it('lets game 18 switch area and starts on the page area', () => {
    expect(initialRegion(18, 'eu')).toBe('eu');
    expect(initialRegion(18, 'us', 'en')).toBe('en');
    expect(serverListPayload(18, 'us', 'eu')).toEqual({ game_id: '18', area: 'eu', region: '' });
    expect(characterArea(18, 'us', 'eu')).toBe('eu');
    expect(regionLabel(18, 'us', 'en')).toBe('AS');
  });

  it('sends an empty region for games without a picker and ignores an unknown requested region', () => {
    expect(initialRegion(284, 'us')).toBe('');
    expect(serverListPayload(284, 'us', '')).toEqual({ game_id: '284', area: 'us', region: '' });
    expect(initialRegion(44, 'us', 'mars')).toBe('am');
  });
});

describe('image preview zoom (spec §9)', () => {
  it('stays between 1/3 and 3', () => {
    expect(clampZoom(10)).toBe(3);
    expect(clampZoom(0.1)).toBeCloseTo(1 / 3);
    expect(clampZoom(1.5)).toBe(1.5);
    expect(clampZoom(Number.NaN)).toBe(1);
  });
});
