import nodemailer from 'nodemailer';
import { isEmailAddress } from '@topup/shared/formats';

/** One mail as the outbox holds it, ready to send. */
export interface MailToSend {
  readonly key: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly locale: string;
}

/** Where the mail worker hands mails over: an SMTP server (nodemailer). */
export interface MailTransport {
  /** Sends one mail; resolves with its Message-ID once the SMTP server took it, rejects otherwise. */
  send(mail: MailToSend): Promise<string>;
  close(): void;
}

/**
 * The Message-ID of the mail about `key`: the same for every attempt, so that a mail resent after
 * a crash (the SMTP server took it, the outbox did not record it) is recognised as the same one.
 */
export function messageIdFor(key: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'topup-store.invalid';
  return `<${key.replace(/[^A-Za-z0-9._-]/g, '.')}@${domain}>`;
}

/** The bare address of MAIL_FROM ("TopUp Store <store@example.com>" or "store@example.com"). */
function envelopeFrom(from: string): string {
  return /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** Mails through the SMTP server of `SMTP_URL`, from `MAIL_FROM`, with a bounded wait. */
export function smtpTransport(smtpUrl: string, from: string, timeoutMs = 15_000): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  return {
    async send(mail) {
      // One mailbox and only that one: nodemailer reads a string "to" as a list of addresses.
      const to = mail.to.trim();
      if (!isEmailAddress(to)) throw new Error(`mail ${mail.key}: the recipient is not one plain address; not sent`);
      const info = await transporter.sendMail({
        from,
        to: { name: '', address: to },
        envelope: { from: envelopeFrom(from), to: [to] },
        subject: mail.subject,
        text: mail.text,
        html: mail.html || undefined,
        messageId: messageIdFor(mail.key, from),
        headers: { 'Content-Language': mail.locale },
      });
      return String(info.messageId ?? '');
    },
    close: () => transporter.close(),
  };
}
