import '../strings';
import { TopUpPage } from '../app/TopUpPage';

/** /: the mobile top-up page. */
export default function MainPage() {
  return <TopUpPage />;
}
