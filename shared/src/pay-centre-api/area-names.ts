import type { TFunction } from 'i18next';
import { addStrings, type Strings } from '@topup/shared/store';

/** The namespace of the areas' names, which both stores' game lists show. */
export const AREA_NAMESPACE = 'areas';

const STRINGS: Strings = {
  en: { us: 'North America', eu: 'Europe', en: 'International', multi: 'Global', kr: 'Korea', as: 'Asia' },
  ko: { us: '북미', eu: '유럽', en: '글로벌(영어)', multi: '글로벌', kr: '한국', as: '아시아' },
  zh: { us: '北美', eu: '欧洲', en: '国际服（英语）', multi: '全球', kr: '韩国', as: '亚洲' },
};

addStrings(AREA_NAMESPACE, STRINGS);

/** The name of an area a player reads ("North America" for us), in the page's language; an unknown area in capitals. */
export function areaLabel(t: TFunction, area: string): string {
  const key = area.toLowerCase();
  return key in (STRINGS.en ?? {}) ? t(key, { ns: AREA_NAMESPACE }) : key.toUpperCase();
}
