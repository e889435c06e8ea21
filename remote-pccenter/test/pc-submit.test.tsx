import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { payCentreCalls } from './support/pay-centre-calls';
import { startInterceptingProxy } from './support/intercepting-proxy';
import { currentRoute, pointApiAt, recordPayCentreCalls, renderPayCentre, toastText } from './support/render-pay-centre';

jest.setTimeout(120_000);

const proxy = recordPayCentreCalls();

/** The demo's returning player on Emberwing Frontier NA-1 (docs/api.md). */
const RETURNING = '/pcSubmit?game_id=18&area=us&server_id=1801&server_name=NA-1%20Aurora&role_id=1801003&role_name=Cyra%20Moonshadow&uid=1800003&from=mail';

function card(productId: string): HTMLElement {
  const found = document.querySelector<HTMLElement>(`[data-product-id="${productId}"]`);
  if (!found) throw new Error(`no card for ${productId}`);
  return found;
}

async function choose(user: UserEvent, name: RegExp): Promise<void> {
  await user.click(await screen.findByRole('button', { name }));
}

const summary = () => screen.getByRole('complementary', { name: 'Order summary' });

describe('/pcSubmit: the bundles for the character', () => {
  it('prices the tabs for the character with the mobile card rules, and reports the view and tab changes', async () => {
    const user = userEvent.setup();
    await renderPayCentre(RETURNING);
    expect(await screen.findByTestId('bar-role-name')).toHaveTextContent('Cyra Moonshadow');
    await screen.findByRole('tab', { name: 'Dragon Gems', selected: true });
    await waitFor(() => card('18-us-currency-60'));
    // Bought before: the normal tag and text; the others still show the first-purchase offer.
    expect(within(card('18-us-currency-60')).getByTestId('bundle-tag')).toHaveTextContent('Popular');
    expect(within(card('18-us-currency-60')).getByTestId('bundle-subtitle')).toHaveTextContent('60 Dragon Gems');
    expect(within(card('18-us-currency-300')).getByTestId('bundle-tag')).toHaveTextContent('First top-up ×2');
    expect(within(card('18-us-currency-300')).getByRole('button', { name: 'Choose 300 Dragon Gems for $4.99' })).toHaveTextContent('$4.99');

    await user.click(screen.getByRole('tab', { name: 'Packs' }));
    await waitFor(() => card('18-us-weekly-supply'));
    expect(within(card('18-us-weekly-supply')).getByTestId('bundle-limit')).toHaveTextContent('Purchased 1/3');
    expect(payCentreCalls(proxy.requests, 'priceList').map((c) => [c.fields.type, c.fields.role_id, c.fields.ln_uid])).toEqual([
      ['Dragon Gems', '1801003', '1800003'],
      ['Packs', '1801003', '1800003'],
    ]);
    expect(payCentreCalls(proxy.requests, 'report').map((c) => [c.fields.report_type, c.fields.product_type, c.fields.from])).toEqual([
      ['1', 'Dragon Gems', 'mail'],
      ['2', 'Packs', 'mail'],
    ]);
  });

  it("opens 'Bundle Details' from the info icon; its price button closes it and chooses the bundle", async () => {
    const user = userEvent.setup();
    await renderPayCentre(RETURNING);
    await waitFor(() => card('18-us-currency-980'));
    // The picture and the info icon both open the details; the keyboard and screen readers meet only the info icon.
    await user.click(within(card('18-us-currency-980')).getByRole('button', { name: 'Details of 980 Dragon Gems' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bundle Details' });
    expect(within(dialog).getByTestId('bundle-subtitle').textContent).toMatch(/^980 Dragon Gems delivered/);
    await user.click(within(dialog).getByRole('button', { name: 'Choose 980 Dragon Gems for $14.99' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(summary()).getByTestId('order-bundle')).toHaveTextContent('980 Dragon Gems'));
    expect(within(summary()).getByTestId('order-total')).toHaveTextContent('$14.99');
  });

  it("asks for a code, a bundle and the agreement with the spec's texts", async () => {
    const user = userEvent.setup();
    await renderPayCentre(RETURNING);
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    // An empty code is answered under the box, like the store's refusal of one.
    expect(await screen.findByText('Please fill in your discount code')).toHaveClass('pc-discount__result--refused');
    expect(toastText()).toBeNull();
    await user.type(screen.getByLabelText('Discount code'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(toastText()).toBe('Please choose a bundle first');
    await choose(user, /^Choose 300 Dragon Gems/);
    await user.click(within(summary()).getByRole('button', { name: 'Pay $4.99' }));
    expect(toastText()).toBe('Please agree protocal');
    // The same words under the agreement, which the box is described by, until it is ticked.
    const agreement = within(summary()).getByRole('checkbox');
    expect(agreement).toHaveAttribute('aria-invalid', 'true');
    expect(agreement).toHaveAccessibleDescription('Please agree protocal');
    await user.click(agreement);
    expect(within(summary()).getByRole('checkbox')).not.toHaveAttribute('aria-invalid');
    expect(within(summary()).queryByText('Please agree protocal')).toBeNull();
    await user.click(within(summary()).getByRole('checkbox'));
    // Beside Pay: who takes the payment, and the brands each method takes.
    expect(within(summary()).getByTestId('secure-checkout')).toHaveTextContent('Secure checkout by TopUp Sandbox Pay.');
    expect(within(summary()).getByRole('radio', { name: 'Credit or debit card' })).toHaveAccessibleDescription(expect.stringContaining('Mastercard'));
    expect(payCentreCalls(proxy.requests, 'checkDiscountCode')).toHaveLength(0);
    expect(payCentreCalls(proxy.requests, 'pay')).toHaveLength(0);
  });

  it("shows the store's refusal of a code under the box, and the discount of a good one, checked again for another bundle", async () => {
    const user = userEvent.setup();
    await renderPayCentre(RETURNING);
    await choose(user, /^Choose 300 Dragon Gems/);
    const code = screen.getByLabelText('Discount code');
    await user.type(code, 'spring2024');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    // The refusal is an answer to what the player typed: under the box, not in a dialog.
    await waitFor(() => expect(screen.getByTestId('discount-result')).toHaveTextContent('This discount code has expired.'));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription('This discount code has expired.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(summary()).getByTestId('order-total')).toHaveTextContent('$4.99');

    await user.clear(code);
    await user.type(code, 'ember15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const applied = await within(summary()).findByText(/^EMBER15: 15% off, you save \$/);
    const check = payCentreCalls(proxy.requests, 'checkDiscountCode').at(-1)?.fields;
    expect(check).toMatchObject({ game_id: '18', area: 'us', role_id: '1801003', product_id: '18-us-currency-300', discount_code: 'ember15' });
    expect(applied).toHaveTextContent('EMBER15: 15% off, you save $0.75');
    expect(within(summary()).getByTestId('order-total')).toHaveTextContent('$4.24');

    await choose(user, /^Choose 980 Dragon Gems/);
    await waitFor(() => expect(within(summary()).getByTestId('order-total')).toHaveTextContent('$12.74'));
    expect(payCentreCalls(proxy.requests, 'checkDiscountCode').at(-1)?.fields).toMatchObject({ product_id: '18-us-currency-980', discount_code: 'EMBER15' });
  });

  it('chooses the bundle the address names (Try again after a failed payment)', async () => {
    await renderPayCentre(`${RETURNING}&product_id=18-us-currency-300`);
    expect(await within(summary()).findByRole('button', { name: 'Pay $4.99' })).toBeInTheDocument();
    expect(card('18-us-currency-300')).toHaveAttribute('aria-current', 'true');
  });

  it('places the order with the chosen bundle, pay method and code, reports the intent, and goes to /pcpay', async () => {
    const user = userEvent.setup();
    await renderPayCentre(RETURNING);
    await choose(user, /^Choose 300 Dragon Gems/);
    await user.type(screen.getByLabelText('Discount code'), 'WELCOME10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await within(summary()).findByText(/^WELCOME10: 10% off/);
    await user.click(within(summary()).getByText('E-wallet'));
    await user.click(within(summary()).getByRole('checkbox'));
    const pay = await within(summary()).findByRole('button', { name: 'Pay $4.49' });
    await user.dblClick(pay);
    await waitFor(() => expect(currentRoute().path).toBe('/pcpay'));

    const orders = payCentreCalls(proxy.requests, 'pay');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.fields).toEqual({
      game_id: '18',
      area: 'us',
      server_id: '1801',
      role_id: '1801003',
      uid: '1800003',
      product_id: '18-us-currency-300',
      pay_type: 'wallet',
      discount_code: 'WELCOME10',
      order_token: expect.stringMatching(/^web-\S{8,}$/),
      // No address given: no receipt e-mail.
      receipt_email: '',
      // The bundle's price the page showed, before the wallet's price and the code: the server checks it is still the price.
      seen_amount: '4.99',
      sign: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(currentRoute().query).toEqual({ order_id: expect.stringMatching(/\S/), game_id: '18', area: 'us', from: 'mail' });
    expect(payCentreCalls(proxy.requests, 'report').at(-1)?.fields).toMatchObject({ report_type: '3', product_id: '18-us-currency-300', product_type: 'Dragon Gems' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  });

  it('sends the same order token when the same purchase is retried after a lost answer, and a new one for another bundle', async () => {
    const user = userEvent.setup();
    // The store places the first two orders but their answers never arrive; the third goes through.
    const front = await startInterceptingProxy(proxy.url, (action, earlier) => (action === 'pay' && earlier < 2 ? 'lose-answer' : 'pass'));
    const tokens = () => payCentreCalls(proxy.requests, 'pay').map((c) => c.fields.order_token);
    const dismissError = async () => {
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('Network error');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    try {
      pointApiAt(front.url);
      await renderPayCentre(RETURNING);
      await choose(user, /^Choose 300 Dragon Gems/);
      await user.click(within(summary()).getByRole('checkbox'));
      await user.click(within(summary()).getByRole('button', { name: 'Pay $4.99' }));
      await dismissError();
      await user.click(within(summary()).getByRole('button', { name: 'Pay $4.99' }));
      await dismissError();
      expect(currentRoute().path).toBe('/pcSubmit');
      const [first, retry] = tokens();
      expect(first).toMatch(/\S/);
      expect(retry).toBe(first);

      await choose(user, /^Choose 980 Dragon Gems/);
      await user.click(within(summary()).getByRole('button', { name: 'Pay $14.99' }));
      await waitFor(() => expect(currentRoute().path).toBe('/pcpay'));
      expect(payCentreCalls(proxy.requests, 'pay').map((c) => c.fields.product_id)).toEqual(['18-us-currency-300', '18-us-currency-300', '18-us-currency-980']);
      expect(tokens()[2]).not.toBe(first);
    } finally {
      await front.close();
    }
  });

  it('sends the player to find a character when the address has none', async () => {
    await renderPayCentre('/pcSubmit?game_id=18&area=us');
    expect(screen.getByText('Choose your character first, so that the items reach the right mailbox.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find your character' }).getAttribute('href')).toBe('/pcrole?game_id=18&area=us');
  });

  it("asks the store for the address's character: the game's name shows, and Pay waits for it", async () => {
    await renderPayCentre(RETURNING.replace('Cyra%20Moonshadow', 'Not%20Cyra'));
    expect(screen.getByTestId('character-bar')).toHaveAttribute('data-check', 'checking');
    // Nothing to pay for yet: the button says so (and stays where the keyboard can find it).
    expect(screen.getByRole('button', { name: /^Pay/ })).toHaveAttribute('aria-disabled', 'true');
    await waitFor(() => expect(screen.getByTestId('character-bar')).toHaveAttribute('data-check', 'confirmed'));
    expect(screen.getByTestId('bar-role-name')).toHaveTextContent('Cyra Moonshadow');
    expect(screen.getByRole('button', { name: /^Pay/ })).not.toHaveAttribute('aria-disabled');
  });

  it('refuses a character the game does not know, in its words, and never offers Pay', async () => {
    const user = userEvent.setup();
    await renderPayCentre(RETURNING.replace('role_id=1801003', 'role_id=1809999'));
    await waitFor(() => expect(screen.getByTestId('character-bar')).toHaveAttribute('data-check', 'refused'));
    expect(within(screen.getByTestId('character-bar')).getByRole('alert').textContent).not.toBe('');
    // Nothing to pay for yet: the button says so (and stays where the keyboard can find it).
    expect(screen.getByRole('button', { name: /^Pay/ })).toHaveAttribute('aria-disabled', 'true');
    await choose(user, /^Choose 300 Dragon Gems/);
    await user.click(within(summary()).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /^Pay/ }));
    expect(payCentreCalls(proxy.requests, 'pay')).toHaveLength(0);
  });
});
