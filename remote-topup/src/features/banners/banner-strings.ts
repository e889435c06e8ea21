import { addStrings, type Strings } from '@topup/shared/store';
import { NAMESPACE } from '../../strings';

/** The carousel's own words, loaded with its code (a page with one banner never needs them). */
export const BANNER_STRINGS: Strings = {
  en: {
    'banner.pause': 'Pause the offers',
    'banner.play': 'Play the offers',
  },
  ko: {
    'banner.pause': '이벤트 멈춤',
    'banner.play': '이벤트 재생',
  },
  zh: {
    'banner.pause': '暂停活动轮播',
    'banner.play': '播放活动轮播',
  },
};

addStrings(NAMESPACE, BANNER_STRINGS);
