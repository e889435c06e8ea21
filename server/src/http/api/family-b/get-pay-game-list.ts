import type { PayGameListData } from '@topup/shared/types';
import { defineAction } from '../action';
import { gameList } from '../game-list';

/**
 * `getPayGameList` (Voucher Center): the games to charge, in the language and area of
 * ACCEPT-LANGUAGE. The spec sends it with an empty payload, so it is the one unsigned action.
 */
export const getPayGameList = defineAction({
  fields: {},
  signed: false,
  sameForEveryone: () => true,
  async handle(_input, { catalogue, locale, headerArea }): Promise<PayGameListData> {
    return { list: gameList(catalogue, locale, headerArea, (game) => game.inVoucherCentre) };
  },
});
