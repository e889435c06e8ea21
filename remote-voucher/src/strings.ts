import { addStrings, type Strings } from '@topup/shared/store';
import { EN } from './locales/en';
import { KO } from './locales/ko';
import { ZH } from './locales/zh';

/** The `voucher` namespace: every string this remote shows, in en, ko and zh. */
export const NAMESPACE = 'voucher';

export const STRINGS: Strings = { en: EN, ko: KO, zh: ZH };

addStrings(NAMESPACE, STRINGS);
