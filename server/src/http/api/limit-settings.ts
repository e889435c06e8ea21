import { DEFAULT_SETTINGS, readSettings, type SettingTexts } from '../../settings/read-settings';
import type { Settings } from '../../settings/settings-schema';

/** Requests a minute, counted per client address and per second key (a character, or an order). */
export interface RequestLimit {
  readonly perAddress: number;
  readonly perKey: number;
  /** Requests a day per second key as well; unset: none (the help form's per-recipient day). */
  readonly perKeyPerDay?: number;
  /** Requests an hour per second key and per address as well; unset: none (the ownership codes' hour). */
  readonly perKeyPerHour?: number;
  readonly perAddressPerHour?: number;
}

/**
 * Limits against abuse of the order actions (docs/api.md#rate-limits). Each is far above what a
 * player does: a purchase is one or two orders, and the result pages poll every two seconds.
 */
export interface LimitSettings {
  /** createOrder and pcpay/pay, per address and per character (`ORDERS_PER_MINUTE`, `ORDERS_PER_MINUTE_PER_CHARACTER`). */
  readonly placeOrder: RequestLimit;
  /** orderInfo and pcpay/getOrderInfo, per address and per order (`ORDER_READS_PER_MINUTE`, `ORDER_READS_PER_MINUTE_PER_ORDER`). */
  readonly followOrder: RequestLimit;
  /** checkDiscountCode and pcpay/checkDiscountCode, per address and per character (`CODE_CHECKS_PER_MINUTE`, `CODE_CHECKS_PER_MINUTE_PER_CHARACTER`). */
  readonly checkCode: RequestLimit;
  /**
   * createSupportTicket, per address and per mailbox written to, a minute and a day
   * (`SUPPORT_TICKETS_PER_MINUTE`, `SUPPORT_TICKETS_PER_MINUTE_PER_EMAIL`, `SUPPORT_TICKETS_PER_DAY_PER_EMAIL`).
   */
  readonly supportTicket: RequestLimit;
  /**
   * findSupportTicket, per address and per ticket reference, a minute and a day (`TICKET_LOOKUPS_PER_MINUTE`,
   * `TICKET_LOOKUPS_PER_MINUTE_PER_TICKET`, `TICKET_LOOKUPS_PER_DAY_PER_TICKET`): a known reference's
   * e-mail address cannot be guessed from many addresses either.
   */
  readonly ticketLookup: RequestLimit;
  /**
   * sendOwnershipCode, per address and per character whichever address asks, a minute and an hour
   * (`OWNERSHIP_CODES_PER_MINUTE`, `OWNERSHIP_CODES_PER_HOUR`, `OWNERSHIP_CODES_PER_MINUTE_PER_CHARACTER`,
   * `OWNERSHIP_CODES_PER_HOUR_PER_CHARACTER`): each is a mail in the character's game mailbox.
   */
  readonly ownershipCode: RequestLimit;
  /** confirmOwnershipCode, per address and per character and address (`OWNERSHIP_CONFIRMS_PER_MINUTE`, `..._PER_CHARACTER`). */
  readonly ownershipConfirm: RequestLimit;
}

/** The limits of the checked settings. */
export function limitSettingsFrom(settings: Settings): LimitSettings {
  return {
    placeOrder: { perAddress: settings.ORDERS_PER_MINUTE, perKey: settings.ORDERS_PER_MINUTE_PER_CHARACTER },
    followOrder: { perAddress: settings.ORDER_READS_PER_MINUTE, perKey: settings.ORDER_READS_PER_MINUTE_PER_ORDER },
    checkCode: { perAddress: settings.CODE_CHECKS_PER_MINUTE, perKey: settings.CODE_CHECKS_PER_MINUTE_PER_CHARACTER },
    supportTicket: {
      perAddress: settings.SUPPORT_TICKETS_PER_MINUTE,
      perKey: settings.SUPPORT_TICKETS_PER_MINUTE_PER_EMAIL,
      perKeyPerDay: settings.SUPPORT_TICKETS_PER_DAY_PER_EMAIL,
    },
    ticketLookup: {
      perAddress: settings.TICKET_LOOKUPS_PER_MINUTE,
      perKey: settings.TICKET_LOOKUPS_PER_MINUTE_PER_TICKET,
      perKeyPerDay: settings.TICKET_LOOKUPS_PER_DAY_PER_TICKET,
    },
    ownershipCode: {
      perAddress: settings.OWNERSHIP_CODES_PER_MINUTE,
      perAddressPerHour: settings.OWNERSHIP_CODES_PER_HOUR,
      perKey: settings.OWNERSHIP_CODES_PER_MINUTE_PER_CHARACTER,
      perKeyPerHour: settings.OWNERSHIP_CODES_PER_HOUR_PER_CHARACTER,
    },
    ownershipConfirm: { perAddress: settings.OWNERSHIP_CONFIRMS_PER_MINUTE, perKey: settings.OWNERSHIP_CONFIRMS_PER_MINUTE_PER_CHARACTER },
  };
}

/** The defaults of the settings schema (its doc lines say why each is what it is). */
export const DEFAULT_LIMIT_SETTINGS: LimitSettings = limitSettingsFrom(DEFAULT_SETTINGS);

/** The limits from settings given as text; each unset one keeps its default. */
export function loadLimitSettings(texts: SettingTexts): LimitSettings {
  return limitSettingsFrom(readSettings(texts));
}
