import type { Language } from './character';

/**
 * The ownership code's in-game mail (docs/game-integration.md, "Kinds of mail"), in the page's
 * language: a title and a text with the code; no items.
 */
const TEXTS: Record<Language, { title: string; body: (code: string) => string }> = {
  en: {
    title: 'Your TopUp Store code',
    body: (code) =>
      `Your code is ${code}. Type it on the TopUp Store page within 10 minutes to link your browser to this character. If you did not ask for a code, ignore this mail: without it nobody can link this character.`,
  },
  ko: {
    title: 'TopUp Store 인증 코드',
    body: (code) =>
      `인증 코드는 ${code}입니다. 10분 안에 TopUp Store 페이지에 입력하면 이 브라우저가 캐릭터와 연결됩니다. 코드를 요청하지 않았다면 이 메일을 무시하세요. 코드 없이는 누구도 이 캐릭터를 연결할 수 없습니다.`,
  },
  zh: {
    title: '您的 TopUp Store 验证码',
    body: (code) =>
      `您的验证码是 ${code}。请在 10 分钟内在 TopUp Store 页面输入，即可将此浏览器与该角色关联。如果您没有申请验证码，请忽略此邮件：没有验证码，任何人都无法关联此角色。`,
  },
};

export function ownershipMail(code: string, language: Language): { title: string; body: string } {
  const texts = TEXTS[language];
  return { title: texts.title, body: texts.body(code) };
}
