import { addStrings, type Strings } from '@topup/shared/store';

/** The namespace of choosing a server and identifying the character: the checks both storefronts make, in the spec's words. */
export const PURCHASE_NAMESPACE = 'purchase';

export const PURCHASE_STRINGS: Strings = {
  en: {
    'validation.selectServer': 'Please select a server',
    'validation.enterRoleId': 'Please enter the role ID',
    'validation.enterRoleName': 'Please enter the character name',
    'validation.enterAccountId': 'Please fill in your account ID',
  },
  ko: {
    'validation.selectServer': '서버를 선택해 주세요',
    'validation.enterRoleId': '캐릭터 ID를 입력해 주세요',
    'validation.enterRoleName': '캐릭터 이름을 입력해 주세요',
    'validation.enterAccountId': '계정 ID를 입력해 주세요',
  },
  zh: {
    'validation.selectServer': '请选择服务器',
    'validation.enterRoleId': '请输入角色ID',
    'validation.enterRoleName': '请输入角色名',
    'validation.enterAccountId': '请填写您的账号ID',
  },
};

addStrings(PURCHASE_NAMESPACE, PURCHASE_STRINGS);

export type PurchaseCheck = keyof (typeof PURCHASE_STRINGS)['en'];
