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

/** An incident's e-mail: the title, the facts, and where to look. */
export function alertMail(incidentId: number, event: AlertEvent): { subject: string; text: string } {
  return {
    subject: chatLine(event.kind, event.title).slice(0, 200),
    text: [
      `${KIND_NAMES[event.kind]}: ${event.title}`,
      '',
      ...factLines(event.facts),
      '',
      `Incident ${incidentId}. The back office lists it under Alerts (#/ops/alerts). You are told once per incident:`,
      'nothing more is sent until it is over and happens again. Change what you receive on the same page.',
      '',
    ].join('\n'),
  };
}

export function testMail(): { subject: string; text: string } {
  return {
    subject: '[TopUp Store] Test alert',
    text: 'This is a test of an alert channel of the TopUp Store back office. Alerts will reach you at this address.\n',
  };
}
