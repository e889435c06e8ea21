import '../strings';
import '../features/submit/strings';
import { SubmitPage as OrderSubmitPage } from '../features/submit/components/SubmitPage';

/** /submit: Submit order. */
export default function SubmitPage() {
  return <OrderSubmitPage />;
}
