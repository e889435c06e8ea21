export { confirmedRole, NOT_SEARCHED, roleConfirmationReducer, type RoleConfirmation } from '@topup/shared/purchase';
