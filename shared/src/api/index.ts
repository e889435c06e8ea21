/** `@topup/shared/api`: the Family A and B clients of the store's own pages, their settings and errors. */
export { ApiError, isApiError, type ApiErrorKind } from './api-error';
export { apiSettings, configureApi, DEFAULT_API_TIMEOUT_MS, type ApiSettings } from './api-config';
export { toApiError, serverError } from './transport-error';
export { familyAClient, callAction } from './family-a-client';
export { requestFamilyB, FAMILY_B_URLS, type FamilyBAlias, type FamilyBParams } from './family-b-client';
export { getBanners } from './get-banners';
export { getTab } from './get-tab';
export { getPayPrice } from './get-pay-price';
export { getServerList } from './get-server-list';
export { getRoleInfo } from './get-role-info';
export { sendReport } from './send-report';
export { getCustUrl } from './get-cust-url';
export { getPayGameList } from './get-pay-game-list';
export { createOrder } from './create-order';
export { getOrderInfo } from './get-order-info';
export { checkDiscountCode } from './check-discount-code';
