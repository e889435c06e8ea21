import { currencyCode, currencySymbol } from '@topup/shared/rules';
import type { GameInfo, TabData } from '@topup/shared/types';
import { payTypeName, tabLabel } from '../../../catalogue/catalogue-language';
import { resolveGameArea } from '../../../catalogue/resolve-game-area';
import { onSale } from '../../../catalogue/sale-window';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { requireGameId } from '../require-game-id';

/** `getTab`: the product tabs, the pay methods (first one checked, with their brands), who takes the payment and how the page identifies a character. */
export const getTab = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area },
  signed: true,
  sameForEveryone: () => true,
  async handle(input, { catalogue, locale, orders, now }): Promise<TabData> {
    const { game, gameArea } = resolveGameArea(catalogue, requireGameId(input), input.area);
    const rule = gameArea.regionPicker;
    const info: GameInfo = {
      game_id: game.gameId,
      area: gameArea.area,
      game_name: game.names[locale],
      game_icon: game.iconUrl,
      role_lookup: game.roleLookup,
      server_sign_required: game.serverSignRequired ? 1 : 0,
      role_help_image: game.roleHelpImage,
      currency: currencyCode(gameArea.area),
      currency_symbol: currencySymbol(gameArea.area),
      region_list: rule?.options ?? [],
      region_param: rule?.param ?? '',
      default_region: rule?.defaultValue ?? '',
      help: game.help[locale] ?? [],
    };
    // A tab whose bundles are all outside their sale windows now is not shown (an empty shelf helps no one).
    const tabs = gameArea.tabs.filter((type) => (gameArea.bundlesByTab.get(type) ?? []).some((bundle) => onSale(bundle, now)));
    return {
      tab_list: tabs,
      tab_labels: Object.fromEntries(tabs.map((type) => [type, tabLabel(gameArea, type, locale)])),
      pmx_show: gameArea.payTypes.length > 1 ? 1 : 0,
      pay_type_list: gameArea.payTypes.map((pay, index) => ({
        pay_type: pay.payType,
        name: payTypeName(pay, gameArea.area, locale),
        icon: pay.iconUrl,
        checked: index === 0 ? 1 : 0,
        brands: pay.brands,
        price_percent: pay.pricePercent,
      })),
      game: info,
      pay_provider: orders.payments.displayName,
    };
  },
});
