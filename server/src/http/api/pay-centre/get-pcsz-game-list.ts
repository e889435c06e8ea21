import type { PayGameListData } from '@topup/shared/types';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { gameList } from '../game-list';

/** `getPcszGameList`: the Voucher Center's games for the pay centre, in `area` where they are sold there. */
export const getPcszGameList = defineAction({
  fields: { area: FIELD.area },
  signed: true,
  sameForEveryone: () => true,
  async handle(input, { catalogue, locale, headerArea }): Promise<PayGameListData> {
    const preferred = (input.area ?? '').toLowerCase() || headerArea;
    return { list: gameList(catalogue, locale, preferred, (game) => game.inVoucherCentre) };
  },
});
