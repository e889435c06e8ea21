import type { FastifyInstance } from 'fastify';
import type { CaughtMail, MailSink } from '../../fulfilment';
import { escapeHtml } from '../../text/escape-html';

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans KR","Noto Sans SC",sans-serif;background:#eef0f8;color:#1b1f3b}
main{max-width:860px;margin:0 auto;padding:20px 16px 40px}h1{font-size:22px;margin:0 0 4px}.note{color:#5b6078;margin:0 0 18px}
article{background:#fff;border-radius:14px;padding:16px 18px;margin:0 0 14px;box-shadow:0 4px 14px rgba(27,31,59,.07)}
h2{font-size:17px;margin:0 0 6px;overflow-wrap:anywhere}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px;margin:0 0 10px;font-size:13px}dt{color:#5b6078}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f7fb;border-radius:10px;padding:12px;margin:0;font:13px/1.5 ui-monospace,monospace}a{color:#4b32d9}
`;

function renderMail(mail: CaughtMail): string {
  const html = mail.html ? ` · <a href="/sandbox/mail/${mail.id}/html" target="_blank" rel="noopener">HTML version</a>` : '';
  return `<article data-testid="caught-mail" data-to="${escapeHtml(mail.to)}" lang="${escapeHtml(mail.language || 'en')}">
<h2>${escapeHtml(mail.subject)}</h2>
<dl><dt>To</dt><dd>${escapeHtml(mail.to)}</dd><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>Received</dt><dd>${escapeHtml(mail.receivedAt)}${html}</dd><dt>Message-ID</dt><dd>${escapeHtml(mail.messageId)}</dd></dl>
<pre>${escapeHtml(mail.text)}</pre></article>`;
}

/**
 * The development mail sink's page: every mail the store sent in this run (receipts, support-ticket
 * references), newest first, as the recipient would read it. `/sandbox/mail.json` for scripts.
 */
export async function mailSinkRoutes(app: FastifyInstance, options: { readonly sink: MailSink }): Promise<void> {
  const { sink } = options;
  app.get('/sandbox/mail.json', async () => ({ ret: 0, data: { smtp: sink.url, mails: sink.mails() }, msg: 'OK' }));
  app.get('/sandbox/mail', async (_request, reply) => {
    const mails = sink.mails();
    const list = mails.length ? mails.map(renderMail).join('\n') : '<article><p>No mail yet. Give an e-mail address on an order page or send the help page\'s contact form.</p></article>';
    return reply.sendHtml(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox mail (${mails.length})</title><style>${STYLE}</style></head>
<body><main><h1>Sandbox mail</h1><p class="note">Mails the store sent in this run, caught by the development SMTP sink at ${escapeHtml(sink.url)}; none left this machine. Newest first; the last 200 are kept.</p>
${list}</main></body></html>`);
  });
  app.get<{ Params: { id: string } }>('/sandbox/mail/:id/html', async (request, reply) => {
    const mail = sink.mails().find((one) => String(one.id) === request.params.id);
    if (!mail?.html) return reply.code(404).type('text/plain; charset=utf-8').send('No such mail.');
    // The mail's own markup, with its inline styles, and nothing that runs.
    return reply
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox")
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(mail.html);
  });
}
