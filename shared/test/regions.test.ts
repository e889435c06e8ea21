import { areaOfRegion, areaOfSubregion, regionRuleFor } from '../src/rules/regions';

describe('region rules (spec §9)', () => {
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
    expect(areaOfSubregion(232, 'europe')).toBe('en');
    expect(areaOfSubregion(18, 'europe')).toBeNull();
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
});
