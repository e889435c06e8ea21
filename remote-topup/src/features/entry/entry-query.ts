import { localStore } from '@topup/shared/store';

/** Spec §2: the query parameters the main page reads on entry. */
export interface EntryQuery {
  readonly gameId: string;
  readonly area: string;
  readonly roleId: string;
  readonly from: string;
  readonly region: string;
  readonly serverId: string;
  /** Back from a payment: the page starts with the character confirmed. */
  readonly finishPay: boolean;
}

function flag(value: string | null): boolean {
  return value !== null && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export function readEntryQuery(params: URLSearchParams): EntryQuery {
  const get = (key: string) => (params.get(key) ?? '').trim();
  return {
    gameId: get('game_id'),
    // Without an area in the link, the one remembered from the last visit, then us.
    area: (get('area') || localStore.get('area') || 'us').toLowerCase(),
    roleId: get('role_id'),
    from: get('from') || localStore.get('from') || '',
    region: get('region').toLowerCase(),
    serverId: get('server_id'),
    finishPay: flag(params.get('finish_pay')),
  };
}
