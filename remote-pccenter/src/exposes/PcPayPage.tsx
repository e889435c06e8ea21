import '../strings';

/** /pcpay: payment and the order's live result. */
export { PcPayPage as default } from '../pages/PcPayPage';
