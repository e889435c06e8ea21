/**
 * Fulfilment: the transactional outbox of the order jobs (deliver, refund, resend), what a delivery
 * sends (the in-game mail, the receipt e-mail) and the mail outbox with its worker. The order
 * workflow (orders/) decides when a job is queued and what its outcome does to the order;
 * fulfilment never changes an order itself.
 */
export { nextAttemptAt, attemptTimes } from './backoff';
export { LeaseHeartbeat, RENEWALS_PER_LEASE, type LeaseHeartbeatOptions } from './lease-heartbeat';
export { recipientKey } from './mail-address';
export { claimDueMails, queueMail, renewMailLeases, type ClaimedMail, type OutgoingMail } from './mail-outbox';
export { startMailSink, type CaughtMail, type MailSink } from './mail-sink';
export { messageIdFor, smtpTransport, type MailToSend, type MailTransport } from './mail-transport';
export { MailWorker, MAIL_BACKOFF_MS, MAIL_MAX_ATTEMPTS, type MailWorkerOptions } from './mail-worker';
export { PollLoop } from './poll-loop';
export { orderItems, orderLanguage, orderMail, type MailedOrder, type PromisedItems } from './order-mail';
export {
  claimDueJobs,
  claimSend,
  finishJob,
  handBackLeases,
  heldLeases,
  hurryDelivery,
  inJobTransaction,
  isSending,
  jobRequest,
  LeaseLost,
  openJobsOf,
  postponeJob,
  queueMailResend,
  queueOrderJob,
  queuePaymentRefund,
  queuePartRefund,
  queuePlayerMail,
  releaseAllLeases,
  renewJobLeases,
  stopDelivery,
  type ClaimedJob,
  type JobKind,
  type OpenJob,
} from './outbox';
export { receiptMail, receiptUrl, type ReceiptOrder } from './receipt-mail';
export { describeError, withTimeout } from './with-timeout';
export type { WorkerLog } from './worker-log';
