import '../strings';

/** /index_1: the Voucher Center. */
export { VoucherCenterPage as default } from '../pages/VoucherCenterPage';
