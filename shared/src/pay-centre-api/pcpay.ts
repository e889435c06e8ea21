import type { SignablePayload } from '@topup/shared/sign';
import { callAction } from '@topup/shared/api';
import type {
  AccountRole,
  AccountRolesPayload,
  Banner,
  BannersPayload,
  Bundle,
  CheckDiscountCodePayload,
  CreatedOrder,
  CustomerConfigData,
  CustUrlPayload,
  DiscountCheck,
  GetOrderInfoPayload,
  GetPayPricePayload,
  GetRoleInfoPayload,
  GetServerListPayload,
  GetTabPayload,
  OrderInfo,
  PayGame,
  PayGameListData,
  PayPayload,
  ReportPayload,
  RoleInfo,
  Server,
  TabData,
} from '@topup/shared/types';

/** The fifteen pay-centre actions of spec §7 (`POST /api/pcpay/<name>`). */
export const PAY_CENTRE_ACTIONS = [
  'payCenterList',
  'priceList',
  'serverList',
  'roleInfo',
  'pay',
  'banner',
  'getOrderInfo',
  'priceTab',
  'checkDiscountCode',
  'customerConfig',
  'report',
  'getPcszGameList',
  'getPcszServerList',
  'getPczsRoleList',
  'getPcszLastLoginRole',
] as const;

export type PayCentreAction = (typeof PAY_CENTRE_ACTIONS)[number];

/**
 * Calls one pay-centre action and gives back its `data`. The pay centre follows Family A: signed
 * form posts, the `{ ret, data, msg }` envelope, `ret` ≠ 0 and transport failures as an ApiError.
 */
function call<T>(action: PayCentreAction, payload: SignablePayload, signal?: AbortSignal): Promise<T> {
  return callAction<T>(`pcpay/${action}`, payload, signal);
}

/** A list answer, or an empty list when the server sent none. */
async function list<T>(answer: Promise<readonly T[] | null | undefined> | readonly T[] | null | undefined): Promise<T[]> {
  const data = await answer;
  return Array.isArray(data) ? [...data] : [];
}

/**
 * The pay centre's calls, one per action and named as on the wire: `pcpay.priceTab(…)` is
 * `POST /api/pcpay/priceTab`. Every action has exactly one (the `satisfies` below).
 */
export const pcpay = {
  /** Every game in every area it is sold in; `area` narrows it to one area. */
  payCenterList: async (area = '', signal?: AbortSignal): Promise<PayGame[]> =>
    list((await call<PayGameListData | null>('payCenterList', { area }, signal))?.list),
  /** The Voucher Center's games, one per game, in `area` where they are sold there. */
  getPcszGameList: async (area = '', signal?: AbortSignal): Promise<PayGame[]> =>
    list((await call<PayGameListData | null>('getPcszGameList', { area }, signal))?.list),
  /** A game's slides, or with an empty game_id the pay centre's home slides. */
  banner: (payload: BannersPayload, signal?: AbortSignal): Promise<Banner[]> => list(call<readonly Banner[] | null>('banner', { ...payload }, signal)),
  /** The product tabs, the pay methods and the game's rules, as `getTab`. */
  priceTab: (payload: GetTabPayload, signal?: AbortSignal): Promise<TabData> => call<TabData>('priceTab', { ...payload }, signal),
  /** One tab's bundles, priced for the character when there is one, as `getPayPrice`. */
  priceList: (payload: GetPayPricePayload, signal?: AbortSignal): Promise<Bundle[]> => list(call<readonly Bundle[] | null>('priceList', { ...payload }, signal)),
  /** The servers of one of the pay centre's games in an area or region, as `getServerList`. */
  serverList: (payload: GetServerListPayload, signal?: AbortSignal): Promise<Server[]> => list(call<readonly Server[] | null>('serverList', { ...payload }, signal)),
  /** The servers of one of the Voucher Center's games, as `serverList`. */
  getPcszServerList: (payload: GetServerListPayload, signal?: AbortSignal): Promise<Server[]> =>
    list(call<readonly Server[] | null>('getPcszServerList', { ...payload }, signal)),
  /**
   * Looks a character up on a server, as `getRoleInfo`. An empty role id is answered by the server
   * with the pay centre's own message, 'Please enter the role ID'.
   */
  roleInfo: (payload: GetRoleInfoPayload, signal?: AbortSignal): Promise<RoleInfo> => call<RoleInfo>('roleInfo', { ...payload }, signal),
  /** Every character of a player account (uid), most recently played first. */
  getPczsRoleList: (payload: AccountRolesPayload, signal?: AbortSignal): Promise<AccountRole[]> =>
    list(call<readonly AccountRole[] | null>('getPczsRoleList', { ...payload }, signal)),
  /** The account's character played last (ret 1006 when it has none). */
  getPcszLastLoginRole: (payload: AccountRolesPayload, signal?: AbortSignal): Promise<AccountRole> =>
    call<AccountRole>('getPcszLastLoginRole', { ...payload }, signal),
  /**
   * The customer-service link when the button should show, otherwise "". A failure gives "" too:
   * customer service is never worth an error on screen (spec §8).
   */
  customerConfig: async (payload: CustUrlPayload, signal?: AbortSignal): Promise<string> => {
    try {
      const data = await call<CustomerConfigData | null>('customerConfig', { ...payload }, signal);
      const url = typeof data?.social_media_url === 'string' ? data.social_media_url : '';
      return Number(data?.show) === 1 ? url : '';
    } catch {
      return '';
    }
  },
  /** A page view (1), tab change (2), purchase intent (3) or confirmed character (4). Failures are ignored (spec §8). */
  report: async (payload: ReportPayload): Promise<void> => {
    try {
      await call<unknown>('report', { ...payload });
    } catch {
      /* reporting never gets in the player's way */
    }
  },
  /** What a code takes off one bundle for one character (the server prices it). */
  checkDiscountCode: (payload: CheckDiscountCodePayload, signal?: AbortSignal): Promise<DiscountCheck> =>
    call<DiscountCheck>('checkDiscountCode', { ...payload }, signal),
  /**
   * Places the order (one per `order_token`, so a retry or a double click places one) and answers
   * where the player pays.
   */
  pay: (payload: PayPayload, signal?: AbortSignal): Promise<CreatedOrder> => call<CreatedOrder>('pay', { ...payload }, signal),
  /** An order's status, amounts and timeline. */
  getOrderInfo: (payload: GetOrderInfoPayload, signal?: AbortSignal): Promise<OrderInfo> => call<OrderInfo>('getOrderInfo', { ...payload }, signal),
} satisfies Record<PayCentreAction, (...args: never[]) => Promise<unknown>>;
