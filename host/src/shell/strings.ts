import { addStrings, type Strings } from '@topup/shared/store';

export const SHELL_STRINGS: Strings = {
  en: {
    'brand.name': 'TopUp Store',
    'brand.home': 'TopUp Store home',
    'language.label': 'Language',
    'skip.main': 'Skip to main content',
    'unavailable.title': 'This part of the store is unavailable right now',
    'unavailable.body': 'Nothing you entered has been lost. Please try again in a moment; the rest of the store keeps working.',
    'notFound.title': 'Page not found',
    'notFound.body': 'The page you are looking for does not exist or has moved.',
    'notFound.home': 'Back to the store',
  },
  ko: {
    'brand.name': 'TopUp Store',
    'brand.home': 'TopUp Store 홈',
    'language.label': '언어',
    'skip.main': '본문으로 건너뛰기',
    'unavailable.title': '지금은 스토어의 이 부분을 이용할 수 없습니다',
    'unavailable.body': '입력하신 내용은 사라지지 않았습니다. 잠시 후 다시 시도해 주세요. 스토어의 다른 부분은 계속 이용할 수 있습니다.',
    'notFound.title': '페이지를 찾을 수 없습니다',
    'notFound.body': '찾으시는 페이지가 없거나 이동되었습니다.',
    'notFound.home': '스토어로 돌아가기',
  },
  zh: {
    'brand.name': 'TopUp Store',
    'brand.home': 'TopUp Store 首页',
    'language.label': '语言',
    'skip.main': '跳到主要内容',
    'unavailable.title': '商店的这一部分暂时无法使用',
    'unavailable.body': '您输入的内容不会丢失。请稍后重试，商店的其他部分仍可正常使用。',
    'notFound.title': '页面不存在',
    'notFound.body': '您要找的页面不存在或已移动。',
    'notFound.home': '返回商店',
  },
};

export function registerShellStrings(): void {
  addStrings('shell', SHELL_STRINGS);
}
