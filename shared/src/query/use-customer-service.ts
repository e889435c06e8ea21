import { useEffect } from 'react';
import { DEFAULT_CUSTOMER_SERVICE_URL, store } from '@topup/shared/store';
import { useQuery } from './use-query';

/**
 * The shell's floating customer-service button for a page: the social-media page until the server
 * answers, then the link `read` gives (the storefront's call: `getCustUrl` or `pcpay.customerConfig`,
 * which answer "" for none and for a failure: spec §8, silent, no button). Returns the link shown.
 */
export function useCustomerService(key: string, read: (signal: AbortSignal) => Promise<string>): string {
  const link = useQuery(key, read, { onError: 'page' });
  const url = link.data ?? (link.error ? '' : DEFAULT_CUSTOMER_SERVICE_URL);
  useEffect(() => {
    if (url) store.getState().setCustomerService(url);
    else store.getState().hideCustomerService();
  }, [url]);
  return url;
}
