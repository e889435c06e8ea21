import { addStrings, type Strings } from '@topup/shared/store';

export const SHELL_STRINGS: Strings = {
  en: {
    'preview.active': 'Preview in this tab: {{previews}}. Players still get the live versions.',
    'preview.refused': 'There is no release "{{preview}}" to preview; showing the live versions.',
    'brand.name': 'TopUp Store',
    'brand.home': 'TopUp Store home',
    'unavailable.title': 'This part of the store is unavailable right now',
    'unavailable.body': 'Nothing you entered has been lost. Please try again in a moment; the rest of the store keeps working.',
    'notFound.title': 'Page not found',
    'notFound.body': 'The page you are looking for does not exist or has moved.',
    'notFound.home': 'Back to the store',
    'about.title': 'About this page',
    'about.versions': 'Running versions',
  },
  ko: {
    'preview.active': '이 탭에서 미리보기 중: {{previews}}. 플레이어에게는 계속 라이브 버전이 제공됩니다.',
    'preview.refused': '미리 볼 릴리스 "{{preview}}"가 없습니다. 라이브 버전을 표시합니다.',
    'brand.name': 'TopUp Store',
    'brand.home': 'TopUp Store 홈',
    'unavailable.title': '지금은 스토어의 이 부분을 이용할 수 없습니다',
    'unavailable.body': '입력하신 내용은 사라지지 않았습니다. 잠시 후 다시 시도해 주세요. 스토어의 다른 부분은 계속 이용할 수 있습니다.',
    'notFound.title': '페이지를 찾을 수 없습니다',
    'notFound.body': '찾으시는 페이지가 없거나 이동되었습니다.',
    'notFound.home': '스토어로 돌아가기',
    'about.title': '이 페이지 정보',
    'about.versions': '실행 중인 버전',
  },
  zh: {
    'preview.active': '此标签页正在预览：{{previews}}。玩家看到的仍是线上版本。',
    'preview.refused': '没有可预览的版本“{{preview}}”，正在显示线上版本。',
    'brand.name': 'TopUp Store',
    'brand.home': 'TopUp Store 首页',
    'unavailable.title': '商店的这一部分暂时无法使用',
    'unavailable.body': '您输入的内容不会丢失。请稍后重试，商店的其他部分仍可正常使用。',
    'notFound.title': '页面不存在',
    'notFound.body': '您要找的页面不存在或已移动。',
    'notFound.home': '返回商店',
    'about.title': '关于此页面',
    'about.versions': '运行中的版本',
  },
};

export function registerShellStrings(): void {
  addStrings('shell', SHELL_STRINGS);
}
