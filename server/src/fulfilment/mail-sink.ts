import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

/** A mail the development sink caught, as the sandbox shows it. */
export interface CaughtMail {
  readonly id: number;
  readonly receivedAt: string;
  readonly messageId: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly language: string;
  readonly text: string;
  readonly html: string;
}

export interface MailSink {
  /** Where to send: smtp://127.0.0.1:<port>. */
  readonly url: string;
  /** The mails caught, newest first. */
  mails(): readonly CaughtMail[];
  close(): Promise<void>;
}

/** Mails kept: the sink is for looking at what the store sends, not an archive. */
const KEPT = 200;

/**
 * The development mail catcher: an SMTP server on the loopback address (smtp-server) that accepts
 * every mail, parses it (mailparser) and keeps the last ones in memory for the sandbox's mail page.
 * Nothing it catches leaves the machine.
 */
export async function startMailSink(port = 0): Promise<MailSink> {
  const caught: CaughtMail[] = [];
  let next = 1;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    banner: 'TopUp Store development mail sink',
    size: 1024 * 1024,
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const to = Array.isArray(parsed.to) ? parsed.to.map((one) => one.text).join(', ') : (parsed.to?.text ?? '');
          caught.unshift({
            id: next++,
            receivedAt: new Date().toISOString(),
            messageId: parsed.messageId ?? '',
            from: parsed.from?.text ?? '',
            to,
            subject: parsed.subject ?? '',
            language: String(parsed.headers.get('content-language') ?? ''),
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          caught.length = Math.min(caught.length, KEPT);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails: () => caught,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
