import { PlaceholderPage } from '@topup/shared';
import { NAMESPACE } from '../strings';

/** /prod: Bundle. */
export default function ProductPage() {
  return <PlaceholderPage remote="remote-topup" namespace={NAMESPACE} titleKey="productPage.title" />;
}
