import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '@topup/shared/api';
import { rememberedOrders, useOrderFollowing, usePlaceOrder, usePurchaseOffer } from '@topup/shared/checkout';
import { useQuery } from '@topup/shared/query';
import { initI18n } from '@topup/shared/store';
import type { OrderInfo } from '@topup/shared/types';
import { clearToast, closeAllDialogs, listDialogs } from '@topup/shared/ui';

beforeAll(() => initI18n('en'));
afterEach(() => {
  clearToast();
  closeAllDialogs();
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const BUYER = { gameId: '18', area: 'us', roleId: '1801001' };

describe('useQuery', () => {
  it('cancels the read of an old key and never shows its answer for the new one', async () => {
    const reads = new Map<string, { answer: ReturnType<typeof deferred<string>>; signal: AbortSignal }>();
    const { result, rerender } = renderHook(({ key }: { key: string }) =>
      useQuery(key, (signal) => {
        const answer = deferred<string>();
        reads.set(key, { answer, signal });
        return answer.promise;
      }),
      { initialProps: { key: 'us' } },
    );
    expect(result.current.loading).toBe(true);
    rerender({ key: 'kr' });
    expect(reads.get('us')?.signal.aborted).toBe(true);
    await act(async () => reads.get('us')?.answer.resolve('answer for us'));
    expect(result.current.data).toBeUndefined();
    await act(async () => reads.get('kr')?.answer.resolve('answer for kr'));
    expect(result.current).toMatchObject({ data: 'answer for kr', loading: false, error: null });
  });

  it('hands a failure to the page when asked, and reads again on retry', async () => {
    let calls = 0;
    const { result } = renderHook(() =>
      useQuery('k', async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('server', 'No such game', 1001);
        return 'second time';
      }, { onError: 'page' }),
    );
    await waitFor(() => expect(result.current.error).toBeInstanceOf(ApiError));
    expect(listDialogs()).toHaveLength(0);
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.data).toBe('second time'));
    expect(result.current.error).toBeNull();
  });

  it('shows the error dialog by default', async () => {
    renderHook(() => useQuery('k', () => Promise.reject(new ApiError('server', 'The store is closed', 1002))));
    await waitFor(() => expect(listDialogs().length).toBe(1));
  });
});

describe('usePlaceOrder: one token policy', () => {
  it('sends the same token on a retry, a new one after a refusal or for another purchase', async () => {
    const tokens: string[] = [];
    const failures: unknown[] = [new ApiError('network', 'Network error'), new ApiError('server', 'Sold out', 1010), new ApiError('timeout', 'Timed out')];
    const send = async (token: string) => {
      tokens.push(token);
      const failure = failures.shift();
      if (failure) throw failure;
      return { order_id: 'TP1' };
    };
    const { result, rerender } = renderHook(({ key }: { key: string }) => usePlaceOrder(key), { initialProps: { key: 'bundle-a|card' } });
    await act(async () => void (await result.current.placeOrder({ agreed: true, send, buyer: BUYER })));
    await act(async () => void (await result.current.placeOrder({ agreed: true, send, buyer: BUYER })));
    await act(async () => void (await result.current.placeOrder({ agreed: true, send, buyer: BUYER })));
    // A lost answer is retried with the same token; a refusal placed nothing, so the next try is new.
    expect(tokens[1]).toBe(tokens[0]);
    expect(tokens[2]).not.toBe(tokens[1]);
    rerender({ key: 'bundle-b|card' });
    let placed: unknown;
    await act(async () => {
      placed = await result.current.placeOrder({ agreed: true, send, buyer: BUYER });
    });
    expect(placed).toEqual({ order_id: 'TP1' });
    // A placed order goes on this browser's My orders, once.
    expect(rememberedOrders()).toEqual([expect.objectContaining({ order_id: 'TP1', role_id: '1801001', game_id: '18', area: 'us' })]);
    expect(tokens[3]).not.toBe(tokens[2]);
    // After success the page is leaving: another tap places nothing.
    await act(async () => {
      placed = await result.current.placeOrder({ agreed: true, send, buyer: BUYER });
    });
    expect(placed).toBeNull();
    expect(tokens).toHaveLength(4);
  });

  it('sends nothing without the agreement', async () => {
    const send = jest.fn();
    const { result } = renderHook(() => usePlaceOrder('x'));
    await act(async () => void (await result.current.placeOrder({ agreed: false, send, buyer: BUYER })));
    expect(send).not.toHaveBeenCalled();
  });
});

describe('useOrderFollowing', () => {
  const order = (final: 0 | 1): OrderInfo => ({ order_id: 'TP1', status: final ? 'delivered' : 'paid', final }) as unknown as OrderInfo;

  it('keeps asking through a network failure, stops when the order is final', async () => {
    jest.useFakeTimers();
    try {
      const answers: Array<() => Promise<OrderInfo>> = [
        async () => order(0),
        async () => Promise.reject(new ApiError('network', 'Network error')),
        async () => order(1),
      ];
      const read = jest.fn(() => (answers.shift() ?? (async () => order(1)))());
      const { result } = renderHook(() => useOrderFollowing('TP1', read));
      await act(async () => undefined);
      expect(result.current.order?.final).toBe(0);
      // Each answer shows once the render after it is painted (waitFor moves the fake clock on meanwhile).
      await act(async () => void jest.advanceTimersByTime(2000));
      await waitFor(() => expect(result.current.error).toBe('Network error'));
      expect(result.current.finished).toBe(false);
      await act(async () => void jest.advanceTimersByTime(2000));
      await waitFor(() => expect(result.current).toMatchObject({ finished: true, error: null }));
      await act(async () => void jest.advanceTimersByTime(10_000));
      expect(read).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('follows another order named on the same page, after the first one was final', async () => {
    const read = jest.fn(async (orderId: string) => ({ order_id: orderId, status: orderId === 'TP1' ? 'delivered' : 'created', final: orderId === 'TP1' ? 1 : 0 }) as unknown as OrderInfo);
    const { result, rerender } = renderHook(({ id }: { id: string }) => useOrderFollowing(id, read), { initialProps: { id: 'TP1' } });
    await waitFor(() => expect(result.current).toMatchObject({ finished: true, order: { order_id: 'TP1' } }));
    rerender({ id: 'TP2' });
    await waitFor(() => expect(result.current).toMatchObject({ finished: false, order: { order_id: 'TP2', status: 'created' } }));
    expect(read).toHaveBeenCalledWith('TP2', expect.anything());
  });

  it('stops when the store does not know the order', async () => {
    const read = jest.fn(() => Promise.reject(new ApiError('server', 'No such order', 1004)));
    const { result } = renderHook(() => useOrderFollowing('TP0', read));
    await waitFor(() => expect(result.current).toMatchObject({ finished: true, error: 'No such order' }));
    expect(read).toHaveBeenCalledTimes(1);
  });
});

describe('usePurchaseOffer', () => {
  const paid = { order_id: 'TP9', game_id: 18, area: 'us', server_id: '1801', role_id: '1801003', status: 'delivered' } as unknown as OrderInfo;
  const terms = {
    product_id: '18-us-currency-980', product_name: '980 Dragon Gems', product_content: '', image_url: '', percent_off: 20, list_amount: '14.99', amount: '11.99',
    pay_type: 'card', pay_amount: '11.99', currency: 'USD' as const, items: [], bonus_items: [], ends_at: '2026-11-28T14:20:00.000Z', seconds_left: 2,
  };

  it('counts down from the store\'s seconds left and sends the offer for the same character with offer_of and the price shown', async () => {
    jest.useFakeTimers();
    try {
      const send = jest.fn(async () => ({ order_id: 'TP10', pay_url: '/pay/TP10' }));
      const onPlaced = jest.fn();
      const { result } = renderHook(() => usePurchaseOffer(paid, { paid: true, send, onPlaced, load: async () => ({ offer: terms }) }));
      await waitFor(() => expect(result.current.offer?.amount).toBe('11.99'));
      expect(result.current.secondsLeft).toBe(2);
      // Without the agreement nothing is sent.
      await act(async () => result.current.buy());
      expect(send).not.toHaveBeenCalled();
      expect(result.current.agreementMissing).toBe(true);
      act(() => result.current.agree(true));
      await act(async () => result.current.buy());
      expect(send).toHaveBeenCalledWith(expect.objectContaining({ role_id: '1801003', server_id: '1801', product_id: '18-us-currency-980', pay_type: 'card', discount_code: '', seen_amount: '11.99', offer_of: 'TP9' }));
      expect(onPlaced).toHaveBeenCalledWith({ order_id: 'TP10', pay_url: '/pay/TP10' });
      await act(async () => void jest.advanceTimersByTime(2000));
      expect(result.current).toMatchObject({ secondsLeft: 0, offer: null });
    } finally {
      jest.useRealTimers();
    }
  });

  it('says the store\'s refusal on the card instead of a dialog, and shows no offer after it', async () => {
    const send = jest.fn(async () => Promise.reject(new ApiError('server', 'This offer has already been bought.', 1031)));
    const { result } = renderHook(() => usePurchaseOffer(paid, { paid: true, send, onPlaced: jest.fn(), load: async () => ({ offer: { ...terms, seconds_left: 600 } }) }));
    await waitFor(() => expect(result.current.offer).not.toBeNull());
    act(() => result.current.agree(true));
    await act(async () => result.current.buy());
    expect(result.current).toMatchObject({ refusal: 'This offer has already been bought.', offer: null });
    expect(listDialogs()).toEqual([]);
  });

  it('asks nothing for an unpaid order', async () => {
    const load = jest.fn(async () => ({ offer: terms }));
    renderHook(() => usePurchaseOffer(paid, { paid: false, send: jest.fn(), onPlaced: jest.fn(), load }));
    await act(async () => undefined);
    expect(load).not.toHaveBeenCalled();
  });
});
