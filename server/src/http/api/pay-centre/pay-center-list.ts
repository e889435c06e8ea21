import type { PayGameListData } from '@topup/shared/types';
import { defineAction } from '../action';
import { invalid } from '../api-error';
import { FIELD } from '../fields';
import { gameAreaList } from '../game-list';

/** `payCenterList`: every game in every area it is sold in; `area` narrows it to one area. */
export const payCenterList = defineAction({
  fields: { area: FIELD.area },
  signed: true,
  sameForEveryone: () => true,
  async handle(input, { catalogue, locale }): Promise<PayGameListData> {
    const area = (input.area ?? '').toLowerCase();
    const list = gameAreaList(catalogue, locale, area);
    if (area && list.length === 0) throw invalid('area');
    return { list };
  },
});
