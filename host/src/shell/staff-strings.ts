import { addStrings, type Strings } from '@topup/shared/store';

/**
 * Texts only testers and staff see (a preview's notice, the build versions): they load with the parts
 * that show them, never with a player's first page.
 */
export const STAFF_NAMESPACE = 'shell-staff';

const STAFF_STRINGS: Strings = {
  en: {
    'preview.active': 'Preview in this tab: {{previews}}. Players still get the live versions.',
    'preview.refused': 'There is no release "{{preview}}" to preview; showing the live versions.',
    'about.title': 'About this page',
    'about.versions': 'Running versions',
  },
  ko: {
    'preview.active': '이 탭에서 미리보기 중: {{previews}}. 플레이어에게는 계속 라이브 버전이 제공됩니다.',
    'preview.refused': '미리 볼 릴리스 "{{preview}}"가 없습니다. 라이브 버전을 표시합니다.',
    'about.title': '이 페이지 정보',
    'about.versions': '실행 중인 버전',
  },
  zh: {
    'preview.active': '此标签页正在预览：{{previews}}。玩家看到的仍是线上版本。',
    'preview.refused': '没有可预览的版本“{{preview}}”，正在显示线上版本。',
    'about.title': '关于此页面',
    'about.versions': '运行中的版本',
  },
};

addStrings(STAFF_NAMESPACE, STAFF_STRINGS);
