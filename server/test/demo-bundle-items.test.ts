import { readDemoCatalogue } from '../src/sandbox/seed/demo-catalogue';

/** The numbers a card's text shows ("300 Dragon Gems + 30 bonus" → 30, 300), sorted. */
const numbersIn = (text: string) => [...text.replaceAll(',', '').matchAll(/\d+/g)].map((m) => Number(m[0])).sort((a, b) => a - b);
const quantities = (items: readonly { quantity: number }[]) => items.map((item) => item.quantity).sort((a, b) => a - b);

describe('the demo catalogue delivers what its cards say', () => {
  const file = readDemoCatalogue();
  const currency = file.bundles.filter((b) => b.product_id.includes('-currency-'));

  it('has currency bundles in every demo area', () => {
    expect(currency.length).toBeGreaterThanOrEqual(file.games.length * 6);
    for (const area of file.game_areas) expect(currency.filter((b) => b.game_id === area.game_id && b.area === area.area).length).toBeGreaterThan(0);
  });

  it.each(currency.map((bundle) => [bundle.product_id, bundle] as const))('%s: a repeat purchase mails the numbers of its text, a first one those of its first-purchase text', (_id, bundle) => {
    expect(quantities([...bundle.items, ...bundle.bonus_items])).toEqual(numbersIn(bundle.pay_content));
    expect(quantities([...bundle.items, ...bundle.first_buy_items])).toEqual(numbersIn(bundle.first_pay_content));
  });

  it('names every item in the language of its area', () => {
    for (const bundle of file.bundles) {
      const names = [...bundle.items, ...bundle.first_buy_items, ...bundle.bonus_items].map((item) => item.name).join(' ');
      if (bundle.area === 'kr') expect(names).toMatch(/[가-힣]/);
      else expect(names).not.toMatch(/[가-힣]/);
      expect(bundle.items.length).toBeGreaterThan(0);
    }
  });
});
