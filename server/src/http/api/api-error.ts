import type { MessageKey } from './messages';
import { RET, type RetCode } from './ret-codes';

/** A refusal the player or client caused: answered as `{ ret, data: null, msg }`, never logged as a fault. */
export class ApiError extends Error {
  constructor(
    readonly ret: RetCode,
    readonly messageKey: MessageKey,
    readonly field?: string,
    /** HTTP status of the answer; 200 unless the request could not be taken at all. */
    readonly statusCode: number = 200,
  ) {
    super(messageKey);
    this.name = 'ApiError';
  }
}

export const missing = (field: string, messageKey: MessageKey = 'missingParameter') =>
  new ApiError(RET.MISSING_PARAMETER, messageKey, field);

export const invalid = (field: string) => new ApiError(RET.INVALID_PARAMETER, 'invalidParameter', field);

export const unknownServer = () => new ApiError(RET.UNKNOWN_SERVER, 'unknownServer');
export const serverClosed = () => new ApiError(RET.SERVER_CLOSED, 'serverClosed');

export const roleNotFound = () => new ApiError(RET.ROLE_NOT_FOUND, 'roleNotFound');

export const orderNotFound = () => new ApiError(RET.ORDER_NOT_FOUND, 'orderNotFound');
