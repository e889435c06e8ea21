import { SPEC_GAME_RULES } from '../test-support/spec-game-rules';
import { areaOfRegion, configureGameRules, needsServerSign, regionRuleFor, roleHelpImageOf, usesCharacterName } from '../src/rules/regions';

describe('game rules (spec §9) as the catalogue gives them', () => {
  it('know nothing of any game until configured: nothing about a game is built into the pages', () => {
    configureGameRules(undefined);
    expect(regionRuleFor(44, 'us')).toBeNull();
    expect(usesCharacterName(284)).toBe(false);
    expect(needsServerSign(134)).toBe(false);
    expect(roleHelpImageOf(14)).toBe('');
  });

  describe('configured with the demo catalogue’s rules', () => {
    beforeAll(() => configureGameRules(SPEC_GAME_RULES));

    it('gives game 44 AM and EU in area us, sent as region', () => {
      const rule = regionRuleFor(44, 'us');
      expect(rule?.param).toBe('region');
      expect(rule?.options).toEqual([
        { label: 'AM', value: 'am' },
        { label: 'EU', value: 'eu' },
      ]);
    });

    it('gives game 232 in area en the sub-regions asia, america, europe with america by default', () => {
      const rule = regionRuleFor('232', 'EN');
      expect(rule?.param).toBe('subregion');
      expect(rule?.options.map((o) => o.value)).toEqual(['asia', 'america', 'europe']);
      expect(rule?.defaultValue).toBe('america');
    });

    it('gives game 134 in area multi NA/us and EU/eu', () => {
      expect(regionRuleFor(134, 'multi')?.options).toEqual([
        { label: 'NA', value: 'us' },
        { label: 'EU', value: 'eu' },
      ]);
    });

    it('lets game 18 switch between the default areas us, eu and en', () => {
      expect(regionRuleFor(18, 'eu')?.options.map((o) => `${o.label}/${o.value}`)).toEqual(['NA/us', 'EU/eu', 'AS/en']);
      expect(regionRuleFor(18, 'kr')).toBeNull();
    });

    it('shows no picker for other games or areas', () => {
      expect(regionRuleFor(284, 'us')).toBeNull();
      expect(regionRuleFor(134, 'kr')).toBeNull();
    });

    it('reads a region sent as the area as the area it belongs to', () => {
      expect(areaOfRegion(44, 'eu')).toBe('us');
      expect(areaOfRegion(44, 'AM')).toBe('us');
      expect(areaOfRegion(134, 'us')).toBe('multi');
      expect(areaOfRegion(232, 'asia')).toBe('en');
      expect(areaOfRegion(18, 'eu')).toBeNull();
      expect(areaOfRegion(27, 'us')).toBeNull();
    });

    it('names the games with special lookups', () => {
      expect([284, 18, 134].filter((id) => usesCharacterName(id))).toEqual([284]);
      expect([284, 18, 134].filter((id) => needsServerSign(id))).toEqual([134]);
      expect(['14', 136, 182, 18].map((id) => roleHelpImageOf(id))).toEqual(['/assets/help/14-role-id.svg', '/assets/help/136-role-id.svg', '/assets/help/182-role-id.svg', '']);
    });
  });

  it('take an explicit table over the configured one (the server passes its catalogue’s)', () => {
    configureGameRules(SPEC_GAME_RULES);
    const rules = { '907': { byName: true as const, regions: { us: { param: 'region' as const, options: [{ label: 'North', value: 'north' }, { label: 'South', value: 'south' }], defaultValue: 'south' } } } };
    expect(usesCharacterName(907, rules)).toBe(true);
    expect(usesCharacterName(284, rules)).toBe(false);
    expect(regionRuleFor(907, 'us', rules)?.defaultValue).toBe('south');
    expect(areaOfRegion(907, 'north', rules)).toBe('us');
  });
});
