import { resolveGameArea } from '../../../catalogue/resolve-game-area';
import { defineAction } from '../action';
import { missing } from '../api-error';
import { FIELD } from '../fields';
import { requireGameId } from '../require-game-id';
import { recordReport, type ReportType } from '../../../reports/record-report';

/** `report`: records a page load (1), a tab change (2), a purchase intent (3) or a confirmed character (4, the store's own). */
export const report = defineAction({
  fields: {
    game_id: FIELD.gameId,
    area: FIELD.area,
    product_id: FIELD.productId,
    product_type: FIELD.productType,
    report_type: FIELD.reportType,
    from: FIELD.from,
    session_id: FIELD.sessionId,
  },
  signed: true,
  async handle(input, { catalogue, db, clientAddress, storefront, reportSession }): Promise<null> {
    const gameId = requireGameId(input);
    const { gameArea } = resolveGameArea(catalogue, gameId, input.area);
    const reportType = input.report_type ?? '';
    if (reportType === '') throw missing('report_type');
    await recordReport(db, {
      gameId,
      area: gameArea.area,
      productId: input.product_id ?? '',
      productType: input.product_type ?? '',
      reportType: Number(reportType) as ReportType,
      source: input.from ?? '',
      clientAddress,
      // A session the page names (the API's field), else the browser's from its cookie (decision 278).
      sessionId: input.session_id || reportSession(),
      storefront,
    });
    return null;
  },
});
