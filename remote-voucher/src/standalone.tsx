import { renderStandalone } from '@topup/shared/ui';
import VoucherCenterPage from './exposes/VoucherCenterPage';

/** This remote's pages outside the host, for its own team (`npm run dev -w @topup/remote-voucher`). */
const PAGES = {
  '/index_1': VoucherCenterPage,
};

void renderStandalone(PAGES, document.getElementById('root') as HTMLElement);
