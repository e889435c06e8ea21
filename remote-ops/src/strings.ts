import { addStrings, type Strings } from '@topup/shared/store';
import { EN } from './locales/en';
import { KO } from './locales/ko';
import { ZH } from './locales/zh';

/** The `ops` namespace: every string the back office shows, in en, ko and zh. */
export const NAMESPACE = 'ops';

export const STRINGS: Strings = { en: EN, ko: KO, zh: ZH };

addStrings(NAMESPACE, STRINGS);
