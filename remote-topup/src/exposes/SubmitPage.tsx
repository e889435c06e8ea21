import '../strings';
import '../features/submit/strings';
import { SubmitPage as OrderSubmitPage } from '../pages/SubmitPage';

/** /submit: Submit order. */
export default function SubmitPage() {
  return <OrderSubmitPage />;
}
