import '../strings';
import { PcHome } from '../app/home/PcHome';

/** /pcIndex: the pay centre's front page. */
export default function PcIndexPage() {
  return <PcHome />;
}
