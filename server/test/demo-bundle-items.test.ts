import { demoBundles } from '../src/sandbox/seed/demo-bundles';
import { DEMO_GAMES } from '../src/sandbox/seed/demo-games';

/** The numbers a card's text shows ("300 Dragon Gems + 30 bonus" → 30, 300), sorted. */
const numbersIn = (text: string) => [...text.replaceAll(',', '').matchAll(/\d+/g)].map((m) => Number(m[0])).sort((a, b) => a - b);
const quantities = (items: readonly { quantity: number }[]) => items.map((item) => item.quantity).sort((a, b) => a - b);

describe('the demo catalogue delivers what its cards say', () => {
  const currency = DEMO_GAMES.flatMap((game) => Object.keys(game.areas).flatMap((area) => demoBundles(game, area))).filter((b) => b.productId.includes('-currency-'));

  it('has currency bundles in every demo area', () => {
    expect(currency.length).toBeGreaterThanOrEqual(DEMO_GAMES.length * 6);
  });

  it.each(currency.map((bundle) => [bundle.productId, bundle] as const))('%s: a repeat purchase mails the numbers of its text, a first one those of its first-purchase text', (_id, bundle) => {
    expect(quantities([...bundle.items, ...bundle.bonusItems])).toEqual(numbersIn(bundle.payContent));
    expect(quantities([...bundle.items, ...bundle.firstBuyItems])).toEqual(numbersIn(bundle.firstPayContent));
  });

  it('names every item in the language of its area', () => {
    for (const bundle of DEMO_GAMES.flatMap((game) => Object.keys(game.areas).flatMap((area) => demoBundles(game, area)))) {
      const names = [...bundle.items, ...bundle.firstBuyItems, ...bundle.bonusItems].map((item) => item.name).join(' ');
      if (bundle.area === 'kr') expect(names).toMatch(/[가-힣]/);
      else expect(names).not.toMatch(/[가-힣]/);
      expect(bundle.items.length).toBeGreaterThan(0);
    }
  });
});
