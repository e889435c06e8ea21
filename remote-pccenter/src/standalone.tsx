import { renderStandalone } from '@topup/shared/ui';
import PcIndexPage from './exposes/PcIndexPage';
import PcRolePage from './exposes/PcRolePage';
import PcSubmitPage from './exposes/PcSubmitPage';
import PcPayPage from './exposes/PcPayPage';

/** This remote's pages outside the host, for its own team (`npm run dev -w @topup/remote-pccenter`). */
const PAGES = {
  '/pcIndex': PcIndexPage,
  '/pcrole': PcRolePage,
  '/pcSubmit': PcSubmitPage,
  '/pcpay': PcPayPage,
};

void renderStandalone(PAGES, document.getElementById('root') as HTMLElement);
