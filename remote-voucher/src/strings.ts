import { addStrings, type Strings } from '@topup/shared';

/** The `voucher` namespace: every string this remote shows, in en, ko and zh. */
export const NAMESPACE = 'voucher';

export const STRINGS: Strings = {
  "en": {
    "voucherCenterPage.title": "Voucher Center"
  },
  "ko": {
    "voucherCenterPage.title": "바우처 센터"
  },
  "zh": {
    "voucherCenterPage.title": "点券中心"
  }
};

addStrings(NAMESPACE, STRINGS);
