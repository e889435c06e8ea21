import '../strings';
import '../features/product/strings';
import { ProductPage as BundlePage } from '../pages/ProductPage';

/** /prod: one bundle, its character section and its purchase. */
export default function ProductPage() {
  return <BundlePage />;
}
