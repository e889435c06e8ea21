import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { BundleCard } from '@topup/shared/purchase-ui';
import { i18n, initI18n } from '@topup/shared/store';
import type { Bundle } from '@topup/shared/types';

const PACK: Bundle = {
  id: 1,
  product_id: '18-us-starter-pack',
  game_id: 18,
  area: 'us',
  type: 'Packs',
  product_name: 'Starter Pack',
  product_content: 'A hero ticket, 5 summon scrolls and 200 Dragon Gems. Once per character.',
  product_file_url: '/assets/products/pack-starter.svg',
  amount: '1.99',
  currency: 'USD',
  first_buy: 0,
  first_pay_icon: 'New player',
  first_pay_content: 'Extra hero ticket on your first pack',
  pay_icon: 'Once only',
  pay_content: 'Best value to begin',
  role_buy_limit: 1,
  role_buy_count: 0,
  role_buy_limit_progress: '0/1',
};

async function renderCard(bundle: Bundle, onPress: (b: Bundle) => void, locale: 'en' | 'ko' | 'zh' = 'en') {
  await initI18n(locale);
  await i18n.changeLanguage(locale);
  render(
    <I18nextProvider i18n={i18n}>
      <BundleCard bundle={bundle} area="us" prefix="tp" action="buy" onPress={onPress} />
    </I18nextProvider>,
  );
}

describe('the bundle card and a purchase limit', () => {
  it('buys while the character is under its limit', async () => {
    const pressed: string[] = [];
    await renderCard(PACK, (b) => pressed.push(b.product_id));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy Starter Pack for $1.99' }));
    expect(pressed).toEqual(['18-us-starter-pack']);
  });

  it('shows a reached limit on the card instead of the price: reachable with Tab, and nothing can be pressed', async () => {
    const pressed: string[] = [];
    await renderCard({ ...PACK, role_buy_count: 1, role_buy_limit_progress: '1/1' }, (b) => pressed.push(b.product_id));
    expect(screen.getByTestId('bundle-limit')).toHaveTextContent('Purchased 1/1');
    const button = screen.getByTestId('bundle-sold-out');
    // Announced as unavailable, yet not taken out of the Tab order (a disabled button is skipped).
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).not.toBeDisabled();
    expect(button).toHaveTextContent('Limit reached');
    expect(screen.queryByRole('button', { name: /^Buy/ })).toBeNull();
    const user = userEvent.setup();
    for (let presses = 0; presses < 10 && document.activeElement !== button; presses += 1) await user.tab();
    expect(button).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(button);
    expect(pressed).toEqual([]);
  });

  it('says it in Korean', async () => {
    await renderCard({ ...PACK, role_buy_count: 1, role_buy_limit_progress: '1/1' }, () => undefined, 'ko');
    expect(screen.getByTestId('bundle-sold-out')).toHaveTextContent('구매 한도 도달');
  });
});

describe('the bundle card in an offer experiment', () => {
  // What getPayPrice answers a visitor of a variant with 10 % off and bonus items (docs/api.md, "Offer experiments").
  const VARIANT: Bundle = {
    ...PACK,
    product_id: '18-us-currency-300',
    product_name: '300 Dragon Gems',
    product_content: '300 Dragon Gems delivered to your in-game mailbox.\nBonus: Stamina Potion ×3',
    amount: '4.49',
    role_buy_limit: 0,
    role_buy_limit_progress: '',
    first_buy: 1,
    first_pay_content: 'First top-up: 300 Dragon Gems + 300 first-time bonus · Bonus: Stamina Potion ×3',
    pay_content: '300 Dragon Gems + 30 bonus · Bonus: Stamina Potion ×3',
    bonus_items: [{ name: 'Stamina Potion', quantity: 3 }],
  };

  it('shows the variant’s price on the button the player presses and its bonus under the name', async () => {
    const pressed: string[] = [];
    await renderCard(VARIANT, (b) => pressed.push(b.amount));
    expect(screen.getByTestId('bundle-subtitle')).toHaveTextContent('Bonus: Stamina Potion ×3');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Buy 300 Dragon Gems for $4.49' }));
    // The price the order then sends as seen_amount is the variant's.
    expect(pressed).toEqual(['4.49']);
  });

  it('names the bonus once the first purchase is used up too', async () => {
    await renderCard({ ...VARIANT, first_buy: 0 }, () => undefined);
    expect(screen.getByTestId('bundle-subtitle')).toHaveTextContent('300 Dragon Gems + 30 bonus · Bonus: Stamina Potion ×3');
  });
});
