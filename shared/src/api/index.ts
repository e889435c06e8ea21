/**
 * `@topup/shared/api`: the browser's one HTTP client (`httpRequest`, `HttpError`), the Family A and B
 * clients of the store's own pages built on it, their settings and errors.
 * The order actions' clients (`createOrder`, `getOrderInfo`, `checkDiscountCode`, `findOrder`) live with
 * the checkout core (`@topup/shared/checkout`): only the order pages call them, so the phone's first
 * page does not carry them.
 */
export { ApiError, isApiError, type ApiErrorKind } from './api-error';
export { apiSettings, configureApi, DEFAULT_API_TIMEOUT_MS, type ApiSettings } from './api-config';
export { toApiError, serverError } from './transport-error';
export { httpRequest, HttpError, type HttpRequest, type HttpAnswer, type HttpFailure } from './http-client';
export { callAction } from './family-a-client';
export { requestFamilyB, type FamilyBAlias, type FamilyBParams } from './family-b-client';
export { getBanners } from './get-banners';
export { getTab } from './get-tab';
export { getPayPrice } from './get-pay-price';
export { getServerList } from './get-server-list';
export { getRoleInfo } from './get-role-info';
export { sendReport } from './send-report';
export { getCustUrl } from './get-cust-url';
export { getPayGameList } from './get-pay-game-list';
