/**
 * Alerts (docs/back-office.md, "Alerts"; decision 281): operators' channels and subscriptions, the
 * incidents the store opens once per incident, their deliveries (e-mail through the mail outbox,
 * signed webhooks through the alert worker) and the watches that open and resolve incidents.
 * Sources call `openIncident` / `recordOneOffIncident` / `resolveIncident` in their own transactions.
 */
export { ALERT_KINDS, isAlertKind, type AlertEvent, type AlertKind } from './alert-kinds';
export { deliveriesOfOperator, queueTestDelivery, recentTest, type DeliveryRow } from './alert-deliveries';
export { AlertWorker, ALERT_BACKOFF_MS, ALERT_MAX_ATTEMPTS, type AlertWorkerOptions } from './alert-worker';
export {
  addEmailChannel,
  addWebhookChannel,
  countChannels,
  findChannel,
  listChannels,
  MAX_CHANNELS,
  removeChannel,
  setSubscriptions,
  subscriptionsOf,
  type ChannelRecord,
  type ChannelView,
} from './channels';
export { listIncidents, markSeen, openIncident, openSubjects, recordOneOffIncident, resolveIncident, unseenCount, type IncidentRow } from './incidents';
export { DEFAULT_DELIVERY_ALERTS, watchDeliveries, type DeliveryAlertSettings } from './watch-deliveries';
export { watchReconciliation } from './watch-reconciliation';
export { resolvedWebhookProblem, shownWebhookUrl, STRICT_WEBHOOKS, webhookUrlProblem, type WebhookPolicy } from './webhook-address';
export { signedWebhookHeaders, verifyWebhook, webhookBody, WEBHOOK_FORMATS, type WebhookFormat } from './webhook-body';
