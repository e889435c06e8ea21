import type { ApiAction } from './action';
import { banners } from './family-a/banners';
import { getPayPrice } from './family-a/get-pay-price';
import { getRoleInfo } from './family-a/get-role-info';
import { getServerList } from './family-a/get-server-list';
import { getTab } from './family-a/get-tab';
import { report } from './family-a/report';
import { custUrl } from './family-b/cust-url';
import { getPayGameList } from './family-b/get-pay-game-list';
import { banner } from './pay-centre/banner';
import { customerConfig } from './pay-centre/customer-config';
import { getPcszGameList } from './pay-centre/get-pcsz-game-list';
import { getPcszLastLoginRole } from './pay-centre/get-pcsz-last-login-role';
import { getPczsRoleList } from './pay-centre/get-pczs-role-list';
import { payCenterList } from './pay-centre/pay-center-list';
import { roleInfo } from './pay-centre/role-info';
// Orders (docs/orders.md)
import { checkDiscountCode } from './orders/check-discount-code';
import { createOrder } from './orders/create-order';
import { orderInfo } from './orders/order-info';
import { findOrder } from './orders/find-order';
import { purchaseOffer } from './orders/purchase-offer';
import { createSupportTicket } from './support/create-support-ticket';
import { findSupportTicket } from './support/find-support-ticket';
import { confirmOwnershipCode } from './players/confirm-ownership-code';
import { endOwnership } from './players/end-ownership';
import { getOwnership } from './players/get-ownership';
import { sendOwnershipCode } from './players/send-ownership-code';
import { claimDailyGift } from './players/claim-daily-gift';
import { getDailyGift } from './players/get-daily-gift';
import { getLinkedCharacters } from './players/get-linked-characters';
import { getLinkedOrders } from './players/get-linked-orders';
import { getPoints } from './players/get-points';
import { redeemPoints } from './players/redeem-points';

/** Every action under /api: Family A, Family B, and the pay centre under /api/pcpay. */
export const API_ROUTES: Readonly<Record<string, ApiAction>> = {
  // Family A (main page)
  banners,
  getTab,
  getPayPrice,
  getServerList,
  getRoleInfo,
  report,
  // Orders: the submit and pay result pages
  createOrder,
  orderInfo,
  findOrder,
  purchaseOffer,
  checkDiscountCode,
  // The help page's contact form, and "My tickets"
  createSupportTicket,
  findSupportTicket,
  // Linked characters (docs/api.md, "Linked characters"): both storefronts call these names
  sendOwnershipCode,
  confirmOwnershipCode,
  getOwnership,
  endOwnership,
  getLinkedOrders,
  getLinkedCharacters,
  getDailyGift,
  claimDailyGift,
  getPoints,
  redeemPoints,
  // Family B (Voucher Center)
  getPayGameList,
  custUrl,
  // Pay centre: the fifteen names of spec §7
  'pcpay/payCenterList': payCenterList,
  'pcpay/priceList': getPayPrice,
  'pcpay/serverList': getServerList,
  'pcpay/roleInfo': roleInfo,
  'pcpay/pay': createOrder,
  'pcpay/banner': banner,
  'pcpay/getOrderInfo': orderInfo,
  'pcpay/priceTab': getTab,
  'pcpay/checkDiscountCode': checkDiscountCode,
  'pcpay/customerConfig': customerConfig,
  'pcpay/report': report,
  'pcpay/getPcszGameList': getPcszGameList,
  'pcpay/getPcszServerList': getServerList,
  'pcpay/getPczsRoleList': getPczsRoleList,
  'pcpay/getPcszLastLoginRole': getPcszLastLoginRole,
};
