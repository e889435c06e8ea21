import '../strings';
import '../features/submit/strings';
import { SubmitOrderPage } from '../features/submit/components/SubmitOrderPage';

/** /submit: Submit order. */
export default function SubmitPage() {
  return <SubmitOrderPage />;
}
