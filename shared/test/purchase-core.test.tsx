import { act, renderHook, waitFor } from '@testing-library/react';
import { ApiError } from '@topup/shared/api';
import { rememberedOrders, useOrderFollowing, usePlaceOrder } from '@topup/shared/checkout';
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

  it('stops when the store does not know the order', async () => {
    const read = jest.fn(() => Promise.reject(new ApiError('server', 'No such order', 1004)));
    const { result } = renderHook(() => useOrderFollowing('TP0', read));
    await waitFor(() => expect(result.current).toMatchObject({ finished: true, error: 'No such order' }));
    expect(read).toHaveBeenCalledTimes(1);
  });
});
