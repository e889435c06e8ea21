import { renderStandalone } from '@topup/shared/ui';
import OpsConsole from './exposes/OpsConsole';

/** The back office outside the host, for its own team (`npm run dev -w @topup/remote-ops`). */
const PAGES = {
  '/ops/*': OpsConsole,
};

void renderStandalone(PAGES, document.getElementById('root') as HTMLElement);
