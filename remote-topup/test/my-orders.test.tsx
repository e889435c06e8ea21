import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createOrder, findOrder, rememberOrder } from '@topup/shared/checkout';
import http from 'node:http';
import { renderRoute, withStoreServer } from './support/render-route';

const storeUrl = withStoreServer();

/** Pays an order in the sandbox checkout, as its Pay button does. */
const pay = (orderId: string) =>
  new Promise<void>((resolve, reject) => {
    const request = http.request(`${storeUrl()}/sandbox/checkout/${orderId}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' } }, (response) => {
      response.resume();
      if (response.statusCode === 303) resolve();
      else reject(new Error(`sandbox checkout: HTTP ${response.statusCode}`));
    });
    request.on('error', reject);
    request.end('result=paid');
  });

const place = (roleId: string) =>
  createOrder({ game_id: 18, area: 'us', server_id: '1801', role_id: roleId, uid: '', product_id: '18-us-currency-300', pay_type: 'card', discount_code: '', order_token: `my-orders-${Date.now()}-${Math.random()}` });

describe('My orders', () => {
  it('says so when this browser has no orders, and finds one by its number and character ID', async () => {
    const user = userEvent.setup();
    const order = await place('1801001');
    await renderRoute('/orders');
    expect(screen.getByTestId('my-orders-empty')).toHaveTextContent('No orders in this browser yet.');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(screen.getByTestId('find-order-message')).toHaveTextContent('Enter both the order number and the character ID.');
    await user.type(screen.getByLabelText('Order number'), order.order_id);
    await user.type(screen.getByLabelText('Character ID'), '1801002');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    // Another character's ID finds nothing, and what was typed stays.
    await waitFor(() => expect(screen.getByTestId('find-order-message')).not.toBeEmptyDOMElement());
    expect(screen.getByLabelText('Order number')).toHaveValue(order.order_id);
    await user.clear(screen.getByLabelText('Character ID'));
    await user.type(screen.getByLabelText('Character ID'), '1801001');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const row = await waitFor(() => {
      const found = document.querySelector<HTMLElement>(`[data-order-id="${order.order_id}"][data-status]`);
      if (!found) throw new Error('not listed yet');
      return found;
    });
    expect(within(row).getByTestId('my-order-status')).toHaveTextContent('Waiting for payment');
    expect(row).toHaveTextContent('300 Dragon Gems');
    expect(row).toHaveTextContent('$4.99');
    // An order not paid yet has no receipt: its page says where it stands.
    expect(within(row).queryByRole('link', { name: 'Receipt' })).toBeNull();
    expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', `/payResult?order_id=${order.order_id}`);
  });

  it("lists this browser's orders in Korean, looks a linked one up at once, and removes one on request", async () => {
    const user = userEvent.setup();
    const mine = await place('1801001');
    const linked = await place('1801003');
    rememberOrder({ order_id: mine.order_id, role_id: '1801001', game_id: '18', area: 'us' });
    await renderRoute(`/orders?order_id=${linked.order_id}&role_id=1801003`, { locale: 'ko' });
    expect(await screen.findByRole('heading', { name: '내 주문' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelectorAll('[data-status="created"]')).toHaveLength(2));
    expect(screen.getAllByText('결제 대기 중').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: `목록에서 주문 ${mine.order_id} 삭제` }));
    expect(document.querySelector(`[data-order-id="${mine.order_id}"]`)).toBeNull();
    expect(document.querySelector(`[data-order-id="${linked.order_id}"]`)).not.toBeNull();
  });
});

describe('the receipt', () => {
  it('has none for an order not paid yet, and shows a paid order\'s facts in the page language, with the date and its time zone, and prints', async () => {
    const order = await place('1801001');
    const unpaid = await renderRoute(`/receipt?order_id=${order.order_id}&role_id=1801001`, { locale: 'zh' });
    expect(await screen.findByTestId('receipt-not-paid')).toHaveTextContent('此订单未支付，因此没有收据。');
    expect(screen.queryByRole('button', { name: '打印' })).toBeNull();
    unpaid.unmount();
    await pay(order.order_id);
    const print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
    await renderRoute(`/receipt?order_id=${order.order_id}&role_id=1801001`, { locale: 'zh' });
    const facts = await screen.findByTestId('receipt-facts');
    expect(facts).toHaveTextContent(order.order_id);
    // The bundle as the player read it when ordering (the order keeps that name).
    const stored = await findOrder(order.order_id, '1801001');
    expect(stored.product_name).toMatch(/^300 (Dragon Gems|드래곤 젬|龙晶)$/);
    expect(facts).toHaveTextContent(stored.product_name);
    expect(facts).toHaveTextContent('$4.99 USD');
    expect(facts).toHaveTextContent('信用卡或借记卡');
    expect(facts).toHaveTextContent(/\d{4}年\d{1,2}月\d{1,2}日 (UTC|GMT[+-]?[\d:]*) \d{2}:\d{2}/);
    expect(within(facts).getByText('订单号')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '打印' }));
    expect(print).toHaveBeenCalled();
    print.mockRestore();
  });

  it('shows nobody’s order without the character ID, or with the wrong one', async () => {
    const order = await place('1801001');
    const first = await renderRoute(`/receipt?order_id=${order.order_id}`);
    expect(screen.getByText(/A receipt needs the order number and the character ID/)).toBeInTheDocument();
    first.unmount();
    await renderRoute(`/receipt?order_id=${order.order_id}&role_id=1801002`);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByTestId('receipt-facts')).toBeNull();
  });
});
