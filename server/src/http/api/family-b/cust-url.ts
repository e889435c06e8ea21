import type { CustUrlData } from '@topup/shared/types';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { customerServiceUrl } from '../customer-service';

/** `custUrl`: the customer-service link ("" means none: the page hides the button). */
export const custUrl = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area },
  signed: true,
  sameForEveryone: () => true,
  async handle(input, { catalogue, linkHosts }): Promise<CustUrlData> {
    return { social_media_url: customerServiceUrl(catalogue, input, linkHosts) };
  },
});
