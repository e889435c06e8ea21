import '../strings';
import { MainPage as TopUpMainPage } from '../pages/MainPage';
import { startStorefrontReads } from '../features/storefront/early-storefront';

// The page's first reads start with its code, not after its first render.
startStorefrontReads();

/** /: the mobile top-up page. */
export default function MainPage() {
  return <TopUpMainPage />;
}
