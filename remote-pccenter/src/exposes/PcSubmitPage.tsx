import '../strings';

/** /pcSubmit: the bundles and the order. */
export { PcSubmitPage as default } from '../pages/PcSubmitPage';
