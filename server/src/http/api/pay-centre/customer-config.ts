import type { CustomerConfigData } from '@topup/shared/types';
import { defineAction } from '../action';
import { FIELD } from '../fields';
import { customerServiceUrl } from '../customer-service';

/** `customerConfig`: the customer-service link, and whether to show the button at all. */
export const customerConfig = defineAction({
  fields: { game_id: FIELD.gameId, area: FIELD.area },
  signed: true,
  sameForEveryone: () => true,
  async handle(input, { catalogue, linkHosts }): Promise<CustomerConfigData> {
    const url = customerServiceUrl(catalogue, input, linkHosts);
    return { social_media_url: url, show: url ? 1 : 0 };
  },
});
