import type { Queryable } from '../db/db';

export interface PageReport {
  readonly gameId: number;
  readonly area: string;
  readonly productId: string;
  readonly productType: string;
  /** 1 page load, 2 tab change, 3 purchase intent. */
  readonly reportType: 1 | 2 | 3;
  /** The `from` the page was opened with (where the player came from). */
  readonly source: string;
  readonly clientAddress: string;
}

export async function recordReport(db: Queryable, report: PageReport): Promise<void> {
  await db.query(
    `INSERT INTO reports (game_id, area, product_id, product_type, report_type, source, client_address)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [report.gameId, report.area, report.productId, report.productType, report.reportType, report.source, report.clientAddress],
  );
}
