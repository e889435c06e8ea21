import http from 'node:http';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pcpay } from '@topup/shared/pay-centre-api';
import { ORDER_POLL_MS } from '@topup/shared/checkout';
import { store } from '@topup/shared/store';
import { startRecordingProxy, type RecordingProxy } from '../../shared/test/support/recording-proxy';
import { startStoreServer, type StoreServer } from '../../shared/test/support/store-server';
import { startInterceptingProxy } from './support/intercepting-proxy';
import { pointApiAt, renderPayCentre, resetPage } from './support/render-pay-centre';

jest.setTimeout(120_000);

let server: StoreServer;
let proxy: RecordingProxy;

beforeAll(async () => {
  server = await startStoreServer();
  proxy = await startRecordingProxy(server.url);
});
afterAll(async () => {
  await proxy?.close();
  await server?.stop();
});
beforeEach(() => pointApiAt(proxy.url));
afterEach(resetPage);

/** What the sandbox checkout page's buttons send: `result=paid` or `result=declined`. */
function answerCheckout(payUrl: string, result: 'paid' | 'declined'): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(payUrl, server.url), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(`result=${result}`);
  });
}

let token = 0;
/** An order for a demo character of Starfall Arena (game 27) on server 2701: account n is role 270100n, uid 270000n. */
function placeOrder(account: number, productId: string, code = '') {
  token += 1;
  return pcpay.pay({
    game_id: 27,
    area: 'us',
    server_id: '2701',
    role_id: `270100${account}`,
    uid: `270000${account}`,
    product_id: productId,
    pay_type: 'card',
    discount_code: code,
    order_token: `pc-test-${Date.now()}-${token}`,
  });
}

/** The game's customer-service link has arrived (so no answer lands while the test waits elsewhere). */
const supportOfGame27 = () => waitFor(() => expect(store.getState().customerService.url).toBe('/#/help?game_id=27&area=us'));

const steps = () => [...document.querySelectorAll('.pc-timeline__step')].map((step) => `${step.getAttribute('data-step')}:${step.getAttribute('data-state')}`);
const status = () => screen.getByTestId('order-status');

describe('/pcpay: the payment hand-off and the live result', () => {
  it('waits for payment with the way to pay, then follows the order to delivered', async () => {
    const order = await placeOrder(1, '27-us-currency-300', 'WELCOME10');
    await renderPayCentre(`/pcpay?order_id=${order.order_id}&game_id=27&area=us`);
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'created'));
    expect(status()).toHaveTextContent('Waiting for payment');
    const handOff = screen.getByRole('link', { name: /Go to payment/ });
    expect([handOff.getAttribute('href'), handOff.getAttribute('target')]).toEqual([order.pay_url, '_blank']);
    expect(steps()).toEqual(['created:done', 'paid:current', 'mail_sent:upcoming', 'delivered:upcoming']);
    const details = screen.getByRole('region', { name: 'Order details' });
    expect(within(details).getByText('Discount (WELCOME10)')).toBeInTheDocument();
    expect(within(details).getByText('Amount to pay')).toBeInTheDocument();
    const due = within(details).getByTestId('order-amount').textContent;
    await supportOfGame27();

    expect(await answerCheckout(order.pay_url, 'paid')).toBe(303);
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'delivered'), { timeout: 20_000 });
    expect(status()).toHaveTextContent('Delivered! Open your in-game mailbox to collect your items.');
    expect(steps()).toEqual(['created:done', 'paid:done', 'mail_sent:done', 'delivered:done']);
    expect(screen.queryByRole('link', { name: /Go to payment/ })).toBeNull();
    expect(within(details).getByText('Amount charged')).toBeInTheDocument();
    expect(within(details).getByTestId('order-amount').textContent).toBe(due);
    // The game's customer-service link (checked above), and the 30-minute guidance beside it.
    expect(screen.getByText(/If your items have not arrived 30 minutes after a successful payment/)).toBeInTheDocument();
    const again = screen.getByRole('link', { name: 'Buy another bundle' }).getAttribute('href') ?? '';
    expect(again).toContain('/pcSubmit?game_id=27&area=us');
    // The same character again, without the account uid (orders no longer tell it).
    expect(again).toContain('role_id=2701001');
    expect(again).not.toMatch(/[?&]uid=/);
  });

  it('shows a declined payment where it stopped, and stops asking', async () => {
    const order = await placeOrder(2, '27-us-currency-60');
    await renderPayCentre(`/pcpay?order_id=${order.order_id}`);
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'created'));
    await supportOfGame27();
    await answerCheckout(order.pay_url, 'declined');
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'declined'), { timeout: 10_000 });
    expect(status()).toHaveTextContent('The payment was declined. Nothing was charged; you can try again.');
    expect(steps()).toEqual(['created:done', 'declined:failed']);
    // Nothing was paid: no delivery guidance, and Try again takes the same bundle for the same character.
    expect(screen.queryByText(/minutes after a successful payment/)).toBeNull();
    const again = new URL(screen.getByTestId('order-try-again').getAttribute('href')!.replace('#', ''), 'http://x');
    expect(again.pathname).toBe('/pcSubmit');
    expect(Object.fromEntries(again.searchParams)).toMatchObject({ game_id: '27', product_id: '27-us-currency-60', role_id: '2701002', server_id: '2701' });
    // Final: the page stops asking.
    const asked = proxy.requests.filter((r) => r.url === '/api/pcpay/getOrderInfo').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2 * ORDER_POLL_MS + 200)));
    expect(proxy.requests.filter((r) => r.url === '/api/pcpay/getOrderInfo')).toHaveLength(asked);
  });

  it("shows the store's msg for an order it does not know on the page, beside Check again, and stops asking", async () => {
    await renderPayCentre('/pcpay?order_id=TP-NOT-AN-ORDER');
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('This order does not exist.');
    expect(within(error).getByRole('button', { name: 'Check again' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Loading your order…' })).toBeNull();
    const asked = proxy.requests.filter((r) => r.url === '/api/pcpay/getOrderInfo').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, ORDER_POLL_MS + 200)));
    expect(proxy.requests.filter((r) => r.url === '/api/pcpay/getOrderInfo')).toHaveLength(asked);
  });

  it('recovers with Check again after the store refused to answer, in the page language', async () => {
    const order = await placeOrder(3, '27-us-currency-60');
    let refusing = true;
    const front = await startInterceptingProxy(proxy.url, (action) =>
      action === 'getOrderInfo' && refusing ? { ret: 1099, data: null, msg: '잠시 후 다시 시도해 주세요.' } : 'pass',
    );
    try {
      pointApiAt(front.url);
      await renderPayCentre(`/pcpay?order_id=${order.order_id}`, 'ko');
      const error = await screen.findByRole('alert');
      expect(error).toHaveTextContent('잠시 후 다시 시도해 주세요.');
      expect(screen.queryByTestId('order-status')).toBeNull();
      // A refusal stops the asking: only Check again brings the order.
      refusing = false;
      await act(() => new Promise((resolve) => setTimeout(resolve, ORDER_POLL_MS + 200)));
      expect(screen.queryByTestId('order-status')).toBeNull();
      await userEvent.setup().click(within(error).getByRole('button', { name: '다시 확인' }));
      await waitFor(() => expect(status()).toHaveAttribute('data-status', 'created'));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      await front.close();
    }
  });

  it('asks for an order number when the address has none', async () => {
    await renderPayCentre('/pcpay');
    expect(screen.getByText('This page needs an order number. Start a new purchase in the Pay Center.')).toBeInTheDocument();
  });
});
