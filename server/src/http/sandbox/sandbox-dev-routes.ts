import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import type { MailSink } from '../../fulfilment';
import { requireOperatorToken } from '../web/operator-auth';
import { mailSinkRoutes } from './mail-sink-routes';
import { mailFailureRoutes } from './mail-failure-routes';
import { webhookAckLossRoutes } from './webhook-ack-loss-routes';
import { sandboxGameRoutes, type FieldRefusal } from './sandbox-game-routes';

export interface SandboxDevRoutesOptions {
  readonly db: Db;
  /** Outside development, the operators' bearer token they answer behind; null: they are not served. */
  readonly operatorToken: string | null;
  readonly open: boolean;
  /** How a missing or malformed query field is answered (the store API's envelope). */
  readonly refuse: FieldRefusal;
  /** The development mail sink, shown at /sandbox/mail; null when mail goes to a real SMTP server. */
  readonly mailSink?: MailSink | null;
}

/**
 * The sandbox game's developer routes: every character with its account, anyone's mailbox, the
 * mail failure switch, the payment provider's lost-acknowledgement switch, and the e-mails the development mail sink caught. Open in development; in a demo or production store only behind the
 * operators' token, and absent without one.
 */
export async function sandboxDevRoutes(app: FastifyInstance, options: SandboxDevRoutesOptions): Promise<void> {
  if (!options.open) {
    if (!options.operatorToken) return;
    await requireOperatorToken(app, { scope: 'sandbox', token: options.operatorToken });
  }
  await app.register(sandboxGameRoutes, { db: options.db, refuse: options.refuse });
  await app.register(mailFailureRoutes, { db: options.db });
  await app.register(webhookAckLossRoutes, { db: options.db });
  if (options.mailSink) await app.register(mailSinkRoutes, { sink: options.mailSink });
}
