import { SMTPServer } from 'smtp-server';
import { smtpTransport } from '../src/fulfilment/mail-transport';

jest.setTimeout(30_000);

/** An SMTP server that records each mail's envelope recipients (RCPT TO), which decide where it goes. */
async function recordingServer(): Promise<{ url: string; envelopes: string[][]; close: () => Promise<void> }> {
  const envelopes: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        envelopes.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, envelopes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('where the store mails', () => {
  const mail = (to: string) => ({ key: `test:${to}`, to, subject: 'Hello', text: 'Fixed text.', html: '', locale: 'en' });

  it('sends to one mailbox only: a list, a display name or a header in the address is never handed to SMTP', async () => {
    const smtp = await recordingServer();
    const transport = smtpTransport(smtp.url, 'TopUp Store <support@shop.example.com>');
    try {
      for (const to of ['k1,victim@example.net', 'a@example.net, b@example.net', 'Victim <victim@example.net>', 'victim@example.net\r\nBcc: x@example.net']) {
        await expect(transport.send(mail(to))).rejects.toThrow(/not one plain address/);
      }
      expect(smtp.envelopes).toEqual([]);
      await transport.send(mail('player@example.com'));
      expect(smtp.envelopes).toEqual([['player@example.com']]);
    } finally {
      transport.close();
      await smtp.close();
    }
  });
});
