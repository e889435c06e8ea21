/**
 * Plain formatting and checking of what players read and type, without React: the checkout pages
 * use them through `@topup/shared/checkout`, the server (receipt mails, the API, prices) as `@topup/shared/formats`.
 */
export { formatDeadline, formatOrderTime } from './order-times';
export { isEmailAddress } from './email-address';
export { methodAmount } from './method-price';
