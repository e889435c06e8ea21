import fs from 'node:fs';
import path from 'node:path';
import { bundleTagProblems, type TaggedBundle } from '../src/catalogue/bundle-tag-checks';
import { checkCatalogueFile } from '../src/catalogue/catalogue-file';

const demo = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'src', 'sandbox', 'seed', 'demo-catalogue.json'), 'utf8')) as { bundles: Array<TaggedBundle & { product_id: string }> };
const bundle = (id: string) => demo.bundles.find((row) => row.product_id === id)!;

describe('a bundle\'s tags never promise more than its items give', () => {
  it('refuses "+25%" on 1,600 bonus Dragon Gems for 6,480 (24.7 %), in each language the tag is written in, and takes "+24%"', () => {
    const gems = { ...bundle('18-us-currency-6480'), pay_icon: '+25%', texts: { ko: { payIcon: '+25 %' }, zh: { payIcon: '+24%' } } };
    expect(bundleTagProblems(gems)).toEqual([
      'pay_icon "+25%" promises 25 % but the repeat bonus is 24.7 % of the items: say at most 24 %',
      'texts.ko.payIcon "+25 %" promises 25 % but the repeat bonus is 24.7 % of the items: say at most 24 %',
    ]);
    expect(bundleTagProblems({ ...gems, pay_icon: '+24%', texts: {} })).toEqual([]);
  });

  it('refuses "First ×2" (and "2배", "双倍") on Weekly Supply, whose first purchase doubles only the potions', () => {
    const supply = { ...bundle('18-us-weekly-supply'), first_pay_icon: 'First ×2', texts: { ko: { firstPayIcon: '첫 구매 2배' }, zh: { firstPayIcon: '首购双倍' } } };
    const problems = bundleTagProblems(supply);
    expect(problems).toHaveLength(3);
    for (const problem of problems) expect(problem).toMatch(/promises double, but the first-purchase bonus \(Stamina Potion \(first supply bonus\) ×3\) does not double every item/);
    // A currency bundle whose first top-up doubles all of it may say so.
    expect(bundleTagProblems({ ...bundle('18-us-currency-6480'), first_pay_icon: 'First top-up ×2' })).toEqual([]);
  });

  it('the demo catalogue\'s tags all hold, and a catalogue file with an overstating tag is refused', () => {
    for (const row of demo.bundles) expect([row.product_id, bundleTagProblems(row)]).toEqual([row.product_id, []]);
    expect(bundle('18-us-weekly-supply').first_pay_icon).toBe('First: +3 potions');
    const file = JSON.parse(JSON.stringify(demo)) as { bundles: Array<Record<string, unknown>> };
    const index = file.bundles.findIndex((row) => row.product_id === '18-us-currency-6480');
    file.bundles[index]!.pay_icon = '+30%';
    expect(checkCatalogueFile(file).filter((problem) => problem.includes('promises'))).toEqual([
      `bundles[${index}] (18-us-currency-6480): pay_icon "+30%" promises 30 % but the repeat bonus is 24.7 % of the items: say at most 24 %`,
    ]);
  });
});
