import { pcpay } from '@topup/shared/pay-centre-api';
import type { ReportType } from '@topup/shared/types';

export interface ReportContext {
  readonly gameId: string;
  readonly area: string;
  readonly from: string;
}

/**
 * Records what the player did in the pay centre: a page view (1), a tab change (2), a purchase
 * intent (3) or a confirmed character (4, the store's own). The answer is ignored (spec §8).
 */
export function reportActivity(context: ReportContext, reportType: ReportType, productType = '', productId = ''): void {
  if (!context.gameId) return;
  void pcpay.report({
    game_id: context.gameId,
    area: context.area,
    product_id: productId,
    product_type: productType,
    report_type: reportType,
    from: context.from,
  });
}
