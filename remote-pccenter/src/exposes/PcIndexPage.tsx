import '../strings';

/** /pcIndex: the pay centre's front page. */
export { PcIndexPage as default } from '../pages/PcIndexPage';
