import http from 'node:http';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { type Locale } from '@topup/shared/rules';
import { i18n, initI18n, store } from '@topup/shared/store';
import { configureApi } from '@topup/shared/api';
import { createOrder, getOrderInfo } from '@topup/shared/checkout';
import PayResultPage from '../src/exposes/PayResultPage';
import SubmitPage from '../src/exposes/SubmitPage';
import { goToPayment } from '../src/features/submit/hooks/use-submit-order';
import { nodeHttpFetch } from '../../shared/test/support/node-http-fetch';
import { resetPage } from './support/page-test';
import { startStoreServer, type StoreServer } from '../../shared/test/support/store-server';

jest.setTimeout(30_000);

let server: StoreServer;
/** Every createOrder body the page sent, and a way to lose the next answer on its way back. */
const sent: URLSearchParams[] = [];
let loseNextAnswer = false;

const recordingFetch: typeof fetch = async (input, init) => {
  const isOrder = String(input).endsWith('createOrder');
  if (isOrder) sent.push(new URLSearchParams(String(init?.body)));
  const response = await nodeHttpFetch(input, init);
  if (isOrder && loseNextAnswer) {
    loseNextAnswer = false;
    // The order was placed; its answer is lost on the way back, as the browser reports it.
    throw new TypeError('Failed to fetch');
  }
  return response;
};

beforeAll(async () => {
  server = await startStoreServer({ DELIVERY_POLL_INTERVAL: '100ms' });
  configureApi({ baseURL: `${server.url}/api`, fetch: recordingFetch, timeoutMs: 15_000 });
}, 120_000);
afterAll(() => server?.stop());
afterEach(async () => {
  sent.length = 0;
  await resetPage();
});

const ROLE = { server_name: 'NA-1 Aurora', role_id: '1801002', role_name: 'Borin Ironfist', uid: '1800002', server_id: '1801' };

function submitRoute(overrides: Record<string, string> = {}): string {
  const query = new URLSearchParams({
    game_id: '18', area: 'us', product_id: '18-us-currency-300', product_name: '300 Dragon Gems', amount: '4.99',
    first_buy: '1', first_pay_content: 'First top-up: 300 Dragon Gems + 300 first-time bonus', pay_content: '300 Dragon Gems + 30 bonus',
    pmx_show: '1', type: 'Dragon Gems', roleInfo: JSON.stringify(ROLE), server_sign: '', ...overrides,
  });
  return `/submit?${query}`;
}

async function renderRoute(route: string, locale: Locale = 'en') {
  await initI18n(locale);
  await i18n.changeLanguage(locale);
  store.getState().setLocale(locale);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/submit" element={<SubmitPage />} />
          <Route path="/payResult" element={<PayResultPage />} />
          <Route path="/" element={<p>top-up page</p>} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** Presses Pay or Decline on the sandbox checkout, from outside the page. */
function settle(payUrl: string, result: 'paid' | 'declined'): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}${payUrl}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(`result=${result}`);
  });
}

describe('/submit', () => {
  let paidAt: string[];
  beforeEach(() => {
    paidAt = [];
    jest.spyOn(goToPayment, 'assign').mockImplementation((url) => void paidAt.push(url));
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the order, the pay methods with the first checked, and the first-purchase offer', async () => {
    await renderRoute(submitRoute());
    expect(await screen.findByText('Emberwing Frontier')).toBeInTheDocument();
    expect(screen.getByTestId('submit-role-name')).toHaveTextContent('Borin Ironfist');
    expect(await screen.findByText('First top-up: 300 Dragon Gems + 300 first-time bonus')).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'E-wallet' })).not.toBeChecked();
    // Brand marks: the card networks and wallets each method takes, read out as its description.
    expect(screen.getByRole('radio', { name: 'Credit or debit card' })).toHaveAccessibleDescription('Visa, Mastercard, American Express, JCB, UnionPay');
    expect(screen.getByRole('radio', { name: 'E-wallet' })).toHaveAccessibleDescription(expect.stringContaining('PayPal'));
    expect(document.querySelector('img[data-brand="Visa"]')).toHaveAttribute('src', '/assets/pay/brands/visa.svg');
    expect(screen.getByTestId('secure-checkout')).toHaveTextContent('Secure checkout by TopUp Sandbox Pay.');
    expect(screen.getByTestId('terms-link')).toHaveAttribute('href', expect.stringContaining('terms.html?lang=en&app_id=topup-store'));
  });

  it('keeps the pay method, the agreement and the applied code over a reload, checking the code again', async () => {
    const user = userEvent.setup();
    const first = await renderRoute(submitRoute());
    await user.click(await screen.findByRole('radio', { name: 'E-wallet' }));
    await user.click(screen.getByRole('checkbox'));
    await user.type(screen.getByLabelText('Discount code'), 'ember15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('discount-result')).toHaveTextContent('EMBER15 applied'));
    first.unmount();

    // The same order page again in this tab (a reload, Back from the payment page).
    await renderRoute(submitRoute());
    expect(await screen.findByRole('radio', { name: 'E-wallet' })).toBeChecked();
    expect(screen.getByRole('checkbox')).toBeChecked();
    await waitFor(() => expect(screen.getByTestId('discount-result')).toHaveTextContent('EMBER15 applied: 15% off, you save $0.75'));
    await waitFor(() => expect(screen.getByTestId('submit-total')).toHaveTextContent('$4.24'));
  });

  it('starts another bundle without the choices made for this one', async () => {
    const user = userEvent.setup();
    const first = await renderRoute(submitRoute());
    await user.click(await screen.findByRole('radio', { name: 'E-wallet' }));
    await user.click(screen.getByRole('checkbox'));
    first.unmount();
    await renderRoute(submitRoute({ product_id: '18-us-currency-60', product_name: '60 Dragon Gems', amount: '0.99' }));
    expect(await screen.findByRole('radio', { name: 'Credit or debit card' })).toBeChecked();
    expect(screen.getByRole('checkbox')).not.toBeChecked();
  });

  it('checks the discount code and shows the result under the field', async () => {
    const user = userEvent.setup();
    await renderRoute(submitRoute());
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    // An empty box is answered under it, nothing sent.
    expect(await screen.findByText('Please fill in your discount code')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Discount code'), 'ember15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('discount-result')).toHaveTextContent('EMBER15 applied: 15% off, you save $0.75'));
    expect(screen.getByTestId('submit-total')).toHaveTextContent('$4.24');
    // Typing again drops the applied result: the new text has not been checked.
    await user.type(screen.getByLabelText('Discount code'), 'X');
    expect(screen.getByTestId('submit-total')).toHaveTextContent('$4.99');
  });

  it("confirms a forged link with the store: its bundle, price, bonus and character, and only then offers Pay", async () => {
    await renderRoute(
      submitRoute({ amount: '0.01', product_name: 'FREE GEMS', first_buy: '0', pay_content: 'FREE GEMS', roleInfo: JSON.stringify({ ...ROLE, role_name: 'Someone Else' }) }),
    );
    // The link's bundle is not painted (a forged one shows nothing of its own), and there is no way to pay.
    expect(screen.queryByText(/FREE GEMS/)).toBeNull();
    expect(screen.queryByText(/\$0\.01/)).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByTestId('submit-paybar')).toHaveAttribute('data-check', 'checking');
    // Then the store's values, a word that they changed, and Pay at the store's price.
    expect(await screen.findByRole('button', { name: 'Pay $4.99' })).toBeEnabled();
    expect(screen.getByTestId('submit-bundle')).toHaveTextContent('300 Dragon Gems');
    expect(screen.getByText('First top-up: 300 Dragon Gems + 300 first-time bonus')).toBeInTheDocument();
    expect(screen.getByTestId('submit-price')).toHaveTextContent('$4.99');
    expect(screen.getByTestId('submit-role-name')).toHaveTextContent('Borin Ironfist');
    expect(screen.getByTestId('submit-store-values')).toHaveTextContent('Shown as the store has them now');
    expect(screen.queryByText(/\$0\.01/)).toBeNull();
  });

  it('says a bundle that is not on sale any more, and offers the way back instead of Pay', async () => {
    await renderRoute(submitRoute({ product_id: '18-us-no-such-bundle' }));
    expect(await screen.findByText('This bundle is not on sale any more.')).toBeInTheDocument();
    expect(within(screen.getByTestId('submit-paybar')).getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/?game_id=18&area=us');
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it("shows the game's refusal of a character that does not exist, and no Pay", async () => {
    await renderRoute(submitRoute({ roleInfo: JSON.stringify({ ...ROLE, role_id: '1809999' }) }));
    expect(await screen.findByTestId('submit-paybar')).toHaveAttribute('data-check', 'checking');
    await waitFor(() => expect(screen.getByTestId('submit-paybar')).toHaveAttribute('data-check', 'characterRefused'));
    expect(screen.queryByRole('button', { name: /^Pay/ })).toBeNull();
  });

  it('asks for the agreement in the spec\'s words and places nothing without it', async () => {
    const user = userEvent.setup();
    await renderRoute(submitRoute());
    await screen.findByRole('radio', { name: 'Credit or debit card' });
    await user.click(await screen.findByRole('button', { name: 'Pay $4.99' }));
    expect(await screen.findByText('Please agree protocal')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('refuses a malformed receipt address next to the field, then sends a good one with the order and keeps it for the next', async () => {
    const user = userEvent.setup();
    const first = await renderRoute(submitRoute({ product_id: '18-us-currency-3280', amount: '49.99' }));
    await screen.findByRole('radio', { name: 'Credit or debit card' });
    // Pay stands once the store has confirmed the character and the bundle.
    await screen.findByRole('button', { name: 'Pay $49.99' });
    await user.click(screen.getByRole('checkbox'));
    const field = screen.getByLabelText('E-mail for the receipt (optional)');
    expect(field).toHaveAccessibleDescription('We e-mail the receipt once the items are delivered. Nothing else is sent to it.');
    await user.type(field, 'borin at example');
    await user.click(screen.getByRole('button', { name: 'Pay $49.99' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid e-mail address, or leave the field empty.'));
    expect(sent).toHaveLength(0);

    await user.clear(field);
    await user.type(field, ' borin@example.com ');
    expect(field).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Pay $49.99' }));
    await waitFor(() => expect(paidAt).toHaveLength(1));
    expect(sent[0]!.get('receipt_email')).toBe('borin@example.com');
    first.unmount();

    // Another order page in this tab offers the address again.
    await renderRoute(submitRoute());
    expect(await screen.findByLabelText('E-mail for the receipt (optional)')).toHaveValue('borin@example.com');
  });

  it('shows the price of a pay method that costs more beside it, and Pay and the code charge that price', async () => {
    const user = userEvent.setup();
    const kr = { server_name: 'KR-1', role_id: '1831003', role_name: 'x', uid: '1800003', server_id: '1831' };
    await renderRoute(submitRoute({ area: 'kr', product_id: '18-kr-currency-980', product_name: '980', amount: '19000', first_buy: '0', roleInfo: JSON.stringify(kr) }));
    const mobile = await screen.findByRole('radio', { name: /^Mobile phone billing ₩20,900 with this method \(\+10% fee\)/ });
    // The methods' prices differ: the card says its own (the bundle's) too, before it is chosen.
    expect(screen.getByRole('radio', { name: /^Credit or debit card/ }).closest('label')).toHaveTextContent('₩19,000 with this method');
    await screen.findByRole('button', { name: 'Pay ₩19,000' });
    await user.click(mobile);
    expect(await screen.findByRole('button', { name: 'Pay ₩20,900' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Discount code'), 'welcome10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.getByTestId('submit-total')).toHaveTextContent('₩18,810'));
    await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await user.click(screen.getByRole('button', { name: 'Pay ₩18,810' }));
    await waitFor(() => expect(paidAt).toHaveLength(1));
    expect(sent[0]!.get('pay_type')).toBe('mobile');
    // The store charges what the page showed.
    const orderId = /\/sandbox\/checkout\/([A-Z0-9]+)/.exec(paidAt[0]!)?.[1] ?? '';
    const answer = await getOrderInfo(orderId);
    expect(answer).toMatchObject({ list_amount: '20900', discount_amount: '2090', amount: '18810' });
  });

  it('keeps its order token when an answer is lost, so the retry finds the same order', async () => {
    const user = userEvent.setup();
    await renderRoute(submitRoute({ product_id: '18-us-currency-980', amount: '14.99' }));
    await screen.findByRole('radio', { name: 'Credit or debit card' });
    await user.click(screen.getByRole('checkbox'));
    loseNextAnswer = true;
    await user.click(await screen.findByRole('button', { name: 'Pay $14.99' }));
    expect(await screen.findByText('Network error. Please check your connection and try again.')).toBeInTheDocument();
    expect(paidAt).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $14.99' }));
    await waitFor(() => expect(paidAt).toHaveLength(1));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.get('order_token')).toBe(sent[0]!.get('order_token'));
    // The first request did place the order: the retry was answered with it.
    const { sign: _sign, ...fields } = Object.fromEntries(sent[0]!);
    const again = await createOrder(fields as unknown as Parameters<typeof createOrder>[0]);
    expect(paidAt[0]).toBe(again.pay_url);
  });

  it('places one order for a double tap', async () => {
    const user = userEvent.setup();
    await renderRoute(submitRoute({ product_id: '18-us-currency-1980', amount: '29.99' }));
    await screen.findByRole('radio', { name: 'Credit or debit card' });
    await user.click(screen.getByRole('checkbox'));
    await user.dblClick(await screen.findByRole('button', { name: 'Pay $29.99' }));
    await waitFor(() => expect(paidAt).toHaveLength(1));
    expect(sent).toHaveLength(1);
  });

  it('speaks Chinese with its own words for the agreement', async () => {
    const user = userEvent.setup();
    await renderRoute(submitRoute(), 'zh');
    await screen.findByRole('radio', { name: '信用卡或借记卡' });
    await user.click(screen.getByRole('button', { name: '使用' }));
    expect(await screen.findByText('请填写您的优惠码')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: '支付 $4.99' }));
    expect(await screen.findByText('请同意用户协议')).toBeInTheDocument();
  });
});

describe('/payResult', () => {
  const place = (productId: string, roleId = '1802001') =>
    createOrder({ game_id: 18, area: 'us', server_id: '1802', role_id: roleId, uid: '', product_id: productId, pay_type: 'card', discount_code: '', order_token: `web-test-${Date.now()}-${Math.random()}` });

  it('follows a paid order to delivered, then stops asking', async () => {
    const order = await place('18-us-currency-60');
    expect(await settle(order.pay_url, 'paid')).toBe(303);
    sent.length = 0;
    await renderRoute(`/payResult?order_id=${order.order_id}`);
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'delivered'), { timeout: 15_000 });
    expect(screen.getByRole('heading', { name: 'Delivered' })).toBeInTheDocument();
    for (const step of ['created', 'paid', 'mail_sent', 'delivered']) expect(screen.getByTestId(`step-${step}`)).toHaveAttribute('data-state', 'done');
    expect(screen.getByText('If your items have not arrived 30 minutes after a successful payment, please contact in-game customer service.')).toBeInTheDocument();
    expect(screen.getByTestId('pay-result')).toHaveAttribute('data-polling', 'stopped');
    expect(screen.getByRole('link', { name: 'Back to the store' })).toHaveAttribute('href', '/?game_id=18&area=us&finish_pay=1');
  });

  it('offers to pay an unpaid order, and shows a decline', async () => {
    const order = await place('18-us-currency-300', '1802002');
    await renderRoute(`/payResult?order_id=${order.order_id}`);
    expect(await screen.findByRole('heading', { name: 'Waiting for payment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay now' })).toHaveAttribute('href', order.pay_url);
    // The deadline carries its date and time zone, in the page's language.
    const shown = (await screen.findByTestId('pay-deadline')).textContent ?? '';
    // e.g. "Pay before Nov 23, 2026, 15:03 UTC, or the order expires."
    expect(shown).toMatch(/^Pay before [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} (UTC|GMT[+-]?[\d:]*), or the order expires\.$/);
    await settle(order.pay_url, 'declined');
    expect(await screen.findByRole('heading', { name: 'Payment declined' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByTestId('step-paid')).not.toBeInTheDocument();
    // Nothing was paid: no delivery guidance, and a way to try the same bundle for the same character.
    expect(screen.queryByText(/30 minutes after a successful payment/)).toBeNull();
    const again = new URL(screen.getByTestId('order-try-again').getAttribute('href')!.replace('#', ''), 'http://x');
    expect(again.pathname).toBe('/submit');
    expect(Object.fromEntries(again.searchParams)).toMatchObject({ game_id: '18', area: 'us', product_id: '18-us-currency-300' });
    expect(JSON.parse(again.searchParams.get('roleInfo')!)).toMatchObject({ role_id: '1802002', server_id: '1802' });
  });

  it('says so when the order does not exist', async () => {
    await renderRoute('/payResult?order_id=TP000000NOSUCHORDER');
    expect(await screen.findByText('This order does not exist.')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByTestId('pay-result')).toHaveAttribute('data-polling', 'stopped');
  });
});
