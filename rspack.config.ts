import hostConfig from './host/rspack.config';
import topupConfig from './remote-topup/rspack.config';
import voucherConfig from './remote-voucher/rspack.config';
import pccenterConfig from './remote-pccenter/rspack.config';
import opsConfig from './remote-ops/rspack.config';

/** Builds the host shell and all four remotes; each remote also builds alone from its folder. */
export default [hostConfig, topupConfig, voucherConfig, pccenterConfig, opsConfig];
