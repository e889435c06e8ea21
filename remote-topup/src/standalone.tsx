import { renderStandalone } from '@topup/shared/ui';
import MainPage from './exposes/MainPage';
import GamePage from './exposes/GamePage';
import ProductPage from './exposes/ProductPage';
import SubmitPage from './exposes/SubmitPage';
import PayResultPage from './exposes/PayResultPage';

/** This remote's pages outside the host, for its own team (`npm run dev -w @topup/remote-topup`). */
const PAGES = {
  '/': MainPage,
  '/game': GamePage,
  '/prod': ProductPage,
  '/submit': SubmitPage,
  '/payResult': PayResultPage,
};

void renderStandalone(PAGES, document.getElementById('root') as HTMLElement);
