import { addStrings, type Strings } from '@topup/shared/store';
import { EN } from './locales/en';
import { KO } from './locales/ko';
import { ZH } from './locales/zh';
import { ACCOUNT_EN, ACCOUNT_KO, ACCOUNT_ZH } from './locales/account';

/** The `ops` namespace: every string the back office shows, in en, ko and zh. */
export const NAMESPACE = 'ops';

export const STRINGS: Strings = { en: { ...EN, ...ACCOUNT_EN }, ko: { ...KO, ...ACCOUNT_KO }, zh: { ...ZH, ...ACCOUNT_ZH } };

addStrings(NAMESPACE, STRINGS);
