import { message } from './messages';
import { requestLocale } from './request-locale';
import { RET } from './ret-codes';

/**
 * The API's answer to a missing (`given` undefined or "") or malformed field, in the language of
 * ACCEPT-LANGUAGE: for pages outside /api that answer in its envelope (the sandbox game's).
 */
export function fieldRefusal(field: string, given: unknown, acceptLanguage: string | undefined) {
  const locale = requestLocale(undefined, acceptLanguage);
  const isMissing = given === undefined || given === '';
  return {
    ret: isMissing ? RET.MISSING_PARAMETER : RET.INVALID_PARAMETER,
    data: null,
    msg: message(isMissing ? 'missingParameter' : 'invalidParameter', locale, field),
  };
}
