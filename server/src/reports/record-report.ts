import type { Queryable } from '../db/db';

/** 1 page load, 2 tab change, 3 purchase intent (the spec's); 4 character confirmed (the store's own). */
export type ReportType = 1 | 2 | 3 | 4;

export interface PageReport {
  readonly gameId: number;
  readonly area: string;
  readonly productId: string;
  readonly productType: string;
  readonly reportType: ReportType;
  /** The `from` the page was opened with (where the player came from). */
  readonly source: string;
  readonly clientAddress: string;
  /** The page's random id for the browser tab (no personal data); '' when it sent none. */
  readonly sessionId: string;
  /** Which storefront sent it: 'phone' (/api) or 'payCentre' (/api/pcpay). */
  readonly storefront: string;
}

export async function recordReport(db: Queryable, report: PageReport): Promise<void> {
  await db.query(
    `INSERT INTO reports (game_id, area, product_id, product_type, report_type, source, client_address, session_id, storefront)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [report.gameId, report.area, report.productId, report.productType, report.reportType, report.source, report.clientAddress, report.sessionId, report.storefront],
  );
}

/**
 * Drops the reports older than `keepDays` (REPORTS_KEEP_DAYS) — and, given `countedBefore`, only those
 * before it (what the insights' rollup has counted) — at most `batch` of them a call so that a first
 * clean-up of years of reports never holds a long transaction. Resolves to how many went.
 */
export async function forgetOldReports(db: Queryable, keepDays: number, options: { readonly countedBefore?: Date; readonly batch?: number } = {}): Promise<number> {
  const rows = await db.query(
    `DELETE FROM reports WHERE id IN (
       SELECT id FROM reports WHERE created_at < least(now() - $1 * interval '1 day', coalesce($3::timestamptz, 'infinity'))
        ORDER BY created_at LIMIT $2)
     RETURNING id`,
    [keepDays, options.batch ?? 50_000, options.countedBefore?.toISOString() ?? null],
  );
  return rows.length;
}
