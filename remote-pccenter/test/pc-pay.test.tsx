import http from 'node:http';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createPayCentreOrder, store } from '@topup/shared';
import { startRecordingProxy, type RecordingProxy } from '../../shared/test/support/recording-proxy';
import { startStoreServer, type StoreServer } from '../../shared/test/support/store-server';
import { ORDER_POLL_MS } from '../src/features/payment/hooks/use-order-progress';
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
  return createPayCentreOrder({
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

    expect(await answerCheckout(order.pay_url, 'paid')).toBe(303);
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'delivered'), { timeout: 20_000 });
    expect(status()).toHaveTextContent('Delivered! Open your in-game mailbox to collect your items.');
    expect(steps()).toEqual(['created:done', 'paid:done', 'mail_sent:done', 'delivered:done']);
    expect(screen.queryByRole('link', { name: /Go to payment/ })).toBeNull();
    expect(within(details).getByText('Amount charged')).toBeInTheDocument();
    expect(within(details).getByTestId('order-amount').textContent).toBe(due);
    // The game's customer-service link, and the 30-minute guidance beside it.
    await waitFor(() => expect(store.getState().customerService.url).toBe('/assets/support/index.html?game_id=27&area=us'));
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
    await answerCheckout(order.pay_url, 'declined');
    await waitFor(() => expect(status()).toHaveAttribute('data-status', 'declined'), { timeout: 10_000 });
    expect(status()).toHaveTextContent('The payment was declined. Nothing was charged; you can try again.');
    expect(steps()).toEqual(['created:done', 'declined:failed']);
    // Final: the page stops asking.
    const asked = proxy.requests.filter((r) => r.url === '/api/pcpay/getOrderInfo').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2 * ORDER_POLL_MS + 200)));
    expect(proxy.requests.filter((r) => r.url === '/api/pcpay/getOrderInfo')).toHaveLength(asked);
  });

  it("shows the store's msg for an order it does not know", async () => {
    await renderPayCentre('/pcpay?order_id=TP-NOT-AN-ORDER');
    expect(await screen.findByRole('dialog')).toHaveTextContent('This order does not exist.');
  });

  it('asks for an order number when the address has none', async () => {
    await renderPayCentre('/pcpay');
    expect(screen.getByText('This page needs an order number. Start a new purchase in the Pay Center.')).toBeInTheDocument();
  });
});
