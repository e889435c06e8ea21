import { resolveGameArea } from '../../../catalogue/resolve-game-area';
import { defineAction } from '../action';
import { missing } from '../api-error';
import { FIELD } from '../fields';
import { requireGameId } from '../require-game-id';
import { recordReport } from '../../../reports/record-report';

/** `report`: records a page load (1), a tab change (2) or a purchase intent (3). */
export const report = defineAction({
  fields: {
    game_id: FIELD.gameId,
    area: FIELD.area,
    product_id: FIELD.productId,
    product_type: FIELD.productType,
    report_type: FIELD.reportType,
    from: FIELD.from,
  },
  signed: true,
  async handle(input, { catalogue, db, clientAddress }): Promise<null> {
    const gameId = requireGameId(input);
    const { gameArea } = resolveGameArea(catalogue, gameId, input.area);
    const reportType = input.report_type ?? '';
    if (reportType === '') throw missing('report_type');
    await recordReport(db, {
      gameId,
      area: gameArea.area,
      productId: input.product_id ?? '',
      productType: input.product_type ?? '',
      reportType: Number(reportType) as 1 | 2 | 3,
      source: input.from ?? '',
      clientAddress,
    });
    return null;
  },
});
