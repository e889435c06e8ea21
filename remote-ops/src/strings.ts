import { addStrings, type Strings } from '@topup/shared/store';
import { EN } from './locales/en';
import { INSIGHTS_EN } from './locales/insights-en';
import { INSIGHTS_KO } from './locales/insights-ko';
import { INSIGHTS_ZH } from './locales/insights-zh';
import { KO } from './locales/ko';
import { ZH } from './locales/zh';
import { ALERTS_EN, ALERTS_KO, ALERTS_ZH } from './features/alerts/alert-strings';
import { DESK_EN, DESK_KO, DESK_ZH } from './locales/desk';
import { ACCOUNT_EN, ACCOUNT_KO, ACCOUNT_ZH } from './locales/account';
import { EXPERIMENTS_EN, EXPERIMENTS_KO, EXPERIMENTS_ZH } from './features/experiments/experiment-strings';

/** The `ops` namespace: every string the back office shows, in en, ko and zh. */
export const NAMESPACE = 'ops';

export const STRINGS: Strings = {
  en: { ...EN, ...INSIGHTS_EN, ...ALERTS_EN, ...DESK_EN, ...ACCOUNT_EN, ...EXPERIMENTS_EN },
  ko: { ...KO, ...INSIGHTS_KO, ...ALERTS_KO, ...DESK_KO, ...ACCOUNT_KO, ...EXPERIMENTS_KO },
  zh: { ...ZH, ...INSIGHTS_ZH, ...ALERTS_ZH, ...DESK_ZH, ...ACCOUNT_ZH, ...EXPERIMENTS_ZH },
};

addStrings(NAMESPACE, STRINGS);
