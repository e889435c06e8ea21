import '../strings';
import { PcBundles } from '../app/submit/PcBundles';

/** /pcSubmit: the bundles and the order. */
export default function PcSubmitPage() {
  return <PcBundles />;
}
