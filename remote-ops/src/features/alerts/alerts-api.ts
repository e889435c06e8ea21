import { opsCall } from '../../lib/ops-client';

export type AlertKind = 'delivery_failures' | 'auto_rollback' | 'reconcile_finding' | 'ticket' | 'price_change' | 'experiment_stopped';
export type WebhookFormat = 'json' | 'slack' | 'discord';

export interface Incident {
  readonly id: number;
  readonly alert_kind: AlertKind;
  readonly subject: string;
  readonly title: string;
  readonly facts: Record<string, unknown>;
  readonly opened_at: string;
  readonly resolved_at: string | null;
  readonly deliveries: number;
  readonly delivered: number;
  readonly failed: number;
}

export interface Channel {
  readonly id: number;
  readonly channel: 'email' | 'webhook';
  readonly label: string;
  readonly email: string | null;
  /** Scheme and host only: the rest of a webhook's address is never shown again. */
  readonly url: string | null;
  readonly format: WebhookFormat;
}

export interface ChannelDelivery {
  readonly id: number;
  readonly channel_id: number;
  readonly incident_id: number | null;
  readonly state: 'waiting' | 'sent' | 'failed';
  readonly attempts: number;
  readonly last_error: string;
  readonly created_at: string;
}

export interface MyAlerts {
  readonly kinds: readonly AlertKind[];
  readonly formats: readonly WebhookFormat[];
  readonly subscriptions: readonly AlertKind[];
  readonly channels: readonly Channel[];
  readonly deliveries: readonly ChannelDelivery[];
}

/** Said when the Alerts page marked everything seen: the menu's badge reads its count again. */
export const ALERTS_SEEN_EVENT = 'topup-ops-alerts-seen';

export const getIncidents = () => opsCall<{ incidents: readonly Incident[]; unseen: number }>('GET', '/alerts');
export const getUnseen = () => opsCall<{ unseen: number }>('GET', '/alerts/unseen');
export const markAlertsSeen = () => opsCall<{ unseen: number }>('POST', '/alerts/seen');
export const getMyAlerts = () => opsCall<MyAlerts>('GET', '/alerts/mine');
export const saveSubscriptions = (kinds: readonly AlertKind[]) => opsCall<MyAlerts>('POST', '/alerts/subscriptions', { kinds });
export const addChannel = (body: { channel: 'email' | 'webhook'; email?: string; url?: string; format?: WebhookFormat; label?: string }) =>
  opsCall<MyAlerts & { channel: Channel; secret?: string }>('POST', '/alerts/channels', body);
export const removeChannel = (id: number) => opsCall<MyAlerts>('DELETE', `/alerts/channels/${id}`);
export const testChannel = (id: number) => opsCall<MyAlerts & { delivery_id: number }>('POST', `/alerts/channels/${id}/test`);
