import { addStrings, type Strings } from '@topup/shared/store';
import { EN } from './locales/en';
import { KO } from './locales/ko';
import { ZH } from './locales/zh';
import { DESK_EN, DESK_KO, DESK_ZH } from './locales/desk';

/** The `ops` namespace: every string the back office shows, in en, ko and zh. */
export const NAMESPACE = 'ops';

export const STRINGS: Strings = { en: { ...EN, ...DESK_EN }, ko: { ...KO, ...DESK_KO }, zh: { ...ZH, ...DESK_ZH } };

addStrings(NAMESPACE, STRINGS);
