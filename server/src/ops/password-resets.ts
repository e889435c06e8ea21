import { createHash, randomBytes } from 'node:crypto';
import { LOCALES, type Locale } from '@topup/shared/rules';
import type { Queryable } from '../db/db';

/** A reset link works this long after it was asked for. */
export const RESET_LINK_LIFETIME_MS = 30 * 60_000;
/** Links one operator can be sent in a link's lifetime: a stranger cannot flood an operator's mailbox. */
export const RESET_LINKS_PER_LIFETIME = 3;

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new reset link's token for an operator, or null when the operator was sent enough links lately.
 * Only the token's hash is stored; the token goes into the mail.
 */
export async function newResetToken(tx: Queryable, operatorId: number, now: Date, address: string): Promise<string | null> {
  const recent = await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM operator_password_resets WHERE operator_id = $1 AND created_at > $2',
    [operatorId, new Date(now.getTime() - RESET_LINK_LIFETIME_MS)],
  );
  if ((recent[0]?.n ?? 0) >= RESET_LINKS_PER_LIFETIME) return null;
  const token = randomBytes(32).toString('base64url');
  await tx.query(
    'INSERT INTO operator_password_resets (token_hash, operator_id, created_at, expires_at, address) VALUES ($1, $2, $3, $4, $5)',
    [hashOf(token), operatorId, now, new Date(now.getTime() + RESET_LINK_LIFETIME_MS), address.slice(0, 100)],
  );
  return token;
}

/**
 * Uses a reset link: the operator it was for, or null when the token is unknown, used or past its
 * end. Marks it used (and every other live link of that operator) in the caller's transaction, so it works once.
 */
export async function useResetToken(tx: Queryable, token: string, now: Date): Promise<{ operatorId: number; email: string } | null> {
  if (!token || token.length > 100) return null;
  const rows = await tx.query<{ operator_id: number }>(
    `UPDATE operator_password_resets SET used_at = $2
      WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING operator_id`,
    [hashOf(token), now],
  );
  const row = rows[0];
  if (!row) return null;
  await tx.query('UPDATE operator_password_resets SET used_at = $2 WHERE operator_id = $1 AND used_at IS NULL', [row.operator_id, now]);
  const operator = await tx.query<{ email: string; disabled: boolean }>('SELECT email, disabled_at IS NOT NULL AS disabled FROM operators WHERE id = $1', [row.operator_id]);
  if (!operator[0] || operator[0].disabled) return null;
  return { operatorId: row.operator_id, email: operator[0].email };
}

const RESET_WORDS: Readonly<Record<Locale, { subject: string; lines: (email: string, link: string) => string[] }>> = {
  en: {
    subject: 'Reset your TopUp Store back-office password',
    lines: (email, link) => [
      `Someone asked to reset the back-office password of ${email}.`,
      '',
      'To choose a new password, open this link within 30 minutes (it works once):',
      link,
      '',
      'Choosing a new password signs this account out everywhere.',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ],
  },
  ko: {
    subject: 'TopUp Store 백오피스 비밀번호 재설정',
    lines: (email, link) => [
      `${email}의 백오피스 비밀번호 재설정이 요청되었습니다.`,
      '',
      '새 비밀번호를 정하려면 30분 안에 이 링크를 여세요 (한 번만 쓸 수 있습니다):',
      link,
      '',
      '새 비밀번호를 정하면 이 계정은 모든 곳에서 로그아웃됩니다.',
      '요청하지 않으셨다면 이 메일을 무시하세요. 비밀번호는 그대로 유지됩니다.',
    ],
  },
  zh: {
    subject: '重置您的 TopUp Store 后台密码',
    lines: (email, link) => [
      `有人请求重置 ${email} 的后台密码。`,
      '',
      '如需设置新密码，请在 30 分钟内打开此链接（仅可使用一次）：',
      link,
      '',
      '设置新密码后，此账号将在所有设备上退出登录。',
      '如果这不是您的请求，请忽略此邮件：您的密码保持不变。',
    ],
  },
};

/**
 * The reset mail in the operator's language (the one they last used in the console, operators.language),
 * never the asker's: whoever types the address on the form does not choose it.
 */
export function resetMail(email: string, link: string, locale: string = 'en'): { subject: string; text: string; locale: Locale } {
  const language: Locale = (LOCALES as readonly string[]).includes(locale) ? (locale as Locale) : 'en';
  const words = RESET_WORDS[language];
  return { subject: words.subject, text: words.lines(email, link).join('\n'), locale: language };
}
