import { LOCALES, type Locale } from '@topup/shared/rules';
import type { AlertEvent, AlertKind } from './alert-kinds';

/** Each kind's name in an alert's words (alerts are written in English: operators share one channel). */
export const KIND_NAMES: Readonly<Record<AlertKind, string>> = {
  delivery_failures: 'Deliveries failing',
  auto_rollback: 'Automatic rollback',
  reconcile_finding: 'Reconciliation finding',
  ticket: 'Support ticket',
  price_change: 'Large price change published',
  experiment_stopped: 'Offer experiment variant stopped',
};

/** The facts as "key: value" lines, values kept short (they may quote a game server's answer). */
export function factLines(facts: Readonly<Record<string, unknown>> | null | undefined): string[] {
  return Object.entries(facts ?? {}).map(([key, value]) => `${key}: ${(typeof value === 'string' ? value : JSON.stringify(value)).slice(0, 300)}`);
}

/** One line for chat: "[TopUp Store] Deliveries failing: game 18 …". */
export function chatLine(kind: string, title: string): string {
  return `[TopUp Store] ${KIND_NAMES[kind as AlertKind] ?? kind}: ${title}`;
}

interface AlertMailWords {
  readonly kinds: Readonly<Record<AlertKind, string>>;
  readonly colon: string;
  readonly where: (incidentId: number) => readonly string[];
  readonly testSubject: string;
  readonly testText: string;
}

/**
 * The words of an alert's e-mail in each language of the console: the operator gets it in the one they
 * last used there (operators.language). The incident's title and facts are the store's own words (a game
 * server's answer, a version) and stay as written; chat and webhooks, shared by operators, stay English.
 */
const MAIL_WORDS: Readonly<Record<Locale, AlertMailWords>> = {
  en: {
    kinds: KIND_NAMES,
    colon: ': ',
    where: (id) => [
      `Incident ${id}. The back office lists it under Alerts (#/ops/alerts). You are told once per incident:`,
      'nothing more is sent until it is over and happens again. Change what you receive on the same page.',
    ],
    testSubject: '[TopUp Store] Test alert',
    testText: 'This is a test of an alert channel of the TopUp Store back office. Alerts will reach you at this address.',
  },
  ko: {
    kinds: {
      delivery_failures: '발송 실패 증가',
      auto_rollback: '자동 롤백',
      reconcile_finding: '정산 점검 결과',
      ticket: '고객 문의',
      price_change: '큰 가격 변경 게시',
      experiment_stopped: '오퍼 실험 변형 중지',
    },
    colon: ': ',
    where: (id) => [
      `사건 ${id}. 백오피스의 알림(#/ops/alerts)에서 확인할 수 있습니다. 사건마다 한 번만 알려 드리며,`,
      '사건이 끝나고 다시 발생하기 전까지는 더 보내지 않습니다. 받을 알림은 같은 페이지에서 바꿀 수 있습니다.',
    ],
    testSubject: '[TopUp Store] 테스트 알림',
    testText: 'TopUp Store 백오피스 알림 채널의 테스트입니다. 알림은 이 주소로 전달됩니다.',
  },
  zh: {
    kinds: {
      delivery_failures: '发放失败增多',
      auto_rollback: '自动回滚',
      reconcile_finding: '对账发现问题',
      ticket: '客服工单',
      price_change: '发布了大幅价格变动',
      experiment_stopped: '优惠实验变体已停止',
    },
    colon: '：',
    where: (id) => [
      `事件 ${id}。可在后台的“提醒”（#/ops/alerts）中查看。每个事件只通知一次：`,
      '事件结束并再次发生之前不会再发送。可在同一页面更改接收的提醒。',
    ],
    testSubject: '[TopUp Store] 测试提醒',
    testText: '这是 TopUp Store 后台提醒渠道的测试。提醒将发送到此地址。',
  },
};

const wordsOf = (locale: string): AlertMailWords => MAIL_WORDS[(LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'en'];

/** An incident's e-mail in the operator's language: the kind, the title, the facts, and where to look. */
export function alertMail(incidentId: number, event: AlertEvent, locale: string = 'en'): { subject: string; text: string } {
  const words = wordsOf(locale);
  const kind = words.kinds[event.kind] ?? event.kind;
  return {
    subject: `[TopUp Store] ${kind}${words.colon}${event.title}`.slice(0, 200),
    text: [`${kind}${words.colon}${event.title}`, '', ...factLines(event.facts), '', ...words.where(incidentId), ''].join('\n'),
  };
}

export function testMail(locale: string = 'en'): { subject: string; text: string } {
  const words = wordsOf(locale);
  return { subject: words.testSubject, text: `${words.testText}\n` };
}
