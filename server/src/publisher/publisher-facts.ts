import type { PublisherSettings } from '../config';

/** Text still reading like the template's: empty, or with a bracketed part ("[PUBLISHER NAME]"). */
export function isPlaceholder(value: string | null): boolean {
  return value === null || value.trim() === '' || /\[[^\]]*\]/.test(value);
}

/** The four facts a policy or a receipt names. */
type PublisherFact = Exclude<keyof PublisherSettings, 'policiesDir'>;

const NAMES: Readonly<Record<PublisherFact, string>> = {
  name: 'PUBLISHER_NAME',
  address: 'PUBLISHER_ADDRESS',
  supportEmail: 'SUPPORT_EMAIL',
  legalDate: 'LEGAL_DATE',
};

/**
 * What a production store must not show players: a policy or a receipt naming "[PUBLISHER NAME]"
 * or "[ADDRESS]". One problem per setting that is unset or still a placeholder.
 */
export function publisherProblems(publisher: PublisherSettings): string[] {
  return (Object.keys(NAMES) as PublisherFact[])
    .filter((key) => isPlaceholder(publisher[key]))
    .map((key) =>
      publisher[key] === null || publisher[key]!.trim() === ''
        ? `${NAMES[key]} is unset: the terms, privacy and refund policies (and receipts) would show players a placeholder. Set it (docs/operations.md, "Publisher").`
        : `${NAMES[key]} is still a placeholder ("${publisher[key]}"): set the real value.`,
    );
}

/** The seller a receipt names: the publisher's name and address when both are set. */
export function sellerOf(publisher: PublisherSettings): { readonly name: string; readonly address: string } | null {
  if (isPlaceholder(publisher.name) || isPlaceholder(publisher.address)) return null;
  return { name: publisher.name!, address: publisher.address! };
}

/** Each policy language's words for the four facts the store fills in (shared/assets/legal/*.html). */
const PLACEHOLDERS = {
  name: ['[PUBLISHER NAME]', '[퍼블리셔 이름]', '[发行商名称]'],
  address: ['[ADDRESS]', '[주소]', '[地址]'],
  supportEmail: ['[SUPPORT E-MAIL]', '[고객지원 이메일]', '[客服邮箱]'],
} as const;

const DATES: ReadonlyArray<readonly [string, string]> = [
  ['[DATE]', 'en-GB'],
  ['[날짜]', 'ko-KR'],
  ['[日期]', 'zh-CN'],
];

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * A policy page with the publisher's facts where the template has their placeholders: name,
 * address, support e-mail (a mailto link) and the date, written in each section's language. A fact
 * that is unset stays as the template's placeholder (development; production refuses to start).
 */
export function fillLegalPage(html: string, publisher: PublisherSettings): string {
  let page = html;
  for (const key of ['name', 'address', 'supportEmail'] as const) {
    const value = publisher[key];
    if (isPlaceholder(value)) continue;
    const shown = key === 'supportEmail' ? `<a href="mailto:${escapeHtml(value!)}">${escapeHtml(value!)}</a>` : escapeHtml(value!);
    for (const placeholder of PLACEHOLDERS[key]) page = page.split(placeholder).join(shown);
  }
  const date = publisher.legalDate && /^\d{4}-\d{2}-\d{2}$/.test(publisher.legalDate) ? new Date(`${publisher.legalDate}T00:00:00Z`) : null;
  if (date && !Number.isNaN(date.getTime())) {
    for (const [placeholder, locale] of DATES) {
      const shown = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
      page = page.split(placeholder).join(`<time datetime="${publisher.legalDate}">${escapeHtml(shown)}</time>`);
    }
  }
  return page;
}
