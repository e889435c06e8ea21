import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/db';
import { OperationRefused } from '../../domain-errors';
import {
  FUNNEL_STEPS,
  periodOf,
  readDeliveryHealth,
  readFunnel,
  readFunnelDays,
  readSales,
  readSalesDays,
  SALES_BREAKDOWNS,
  type InsightsFilter,
  type Period,
  type SalesBreakdown,
} from '../../insights';
import { readExperimentResults } from '../../experiments';
import { csvField } from './csv';
import { integerOrUndefined, text, type Query } from './route-parts';

/** The filters every insights route takes (docs/back-office.md, "Insights"). */
const INSIGHTS_QUERY = {
  type: 'object',
  properties: {
    from: text(10),
    to: text(10),
    tz: text(64),
    game_id: text(9),
    area: text(16),
    storefront: { type: 'string', enum: ['', 'phone', 'payCentre'] },
    pay_type: text(32),
    discount_code: text(64),
    product_id: text(128),
    by: { type: 'string', enum: ['', ...Object.keys(SALES_BREAKDOWNS)] },
  },
  required: ['from', 'to'],
  additionalProperties: false,
} as const;

function periodFrom(query: Query): Period {
  return periodOf(query.from ?? '', query.to ?? '', query.tz || 'UTC');
}

function filterFrom(query: Query): InsightsFilter {
  const gameId = integerOrUndefined(query.game_id);
  if (gameId !== undefined && gameId < 0) throw new OperationRefused('invalid', 'game_id must be a game', 'badFilter');
  const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);
  return {
    gameId,
    area: given(query.area),
    storefront: given(query.storefront),
    payType: given(query.pay_type),
    // codes are kept upper-case
    discountCode: given(query.discount_code)?.toUpperCase(),
    productId: given(query.product_id),
  };
}

/** A CSV download: a header line, then one line per row, every field made safe for a spreadsheet. */
function sendCsv<Row>(reply: FastifyReply, name: string, period: Period, columns: readonly (keyof Row & string)[], rows: readonly Row[]) {
  const lines = [columns.join(','), ...rows.map((row) => columns.map((column) => csvField(row[column])).join(','))];
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${period.from}-${period.to}.csv"`)
    .header('cache-control', 'no-store')
    .send(`${lines.join('\r\n')}\r\n`);
}

export const SALES_CSV_COLUMNS = ['day', 'game_id', 'currency', 'paid_orders', 'revenue_minor', 'refunded_orders', 'refunded_minor'] as const;
export const FUNNEL_CSV_COLUMNS = ['day', 'game_id', ...FUNNEL_STEPS] as const;

/** `/ops/api/insights/*`: the funnel, sales and delivery health, and the CSVs of their tables (read permission: viewer and up). */
export async function insightsRoutes(app: FastifyInstance, { db }: { readonly db: Db }): Promise<void> {
  const read = { config: { permission: 'read' }, schema: { querystring: INSIGHTS_QUERY } } as const;

  app.get<{ Querystring: Query }>('/insights/funnel', read, async (request) => readFunnel(db, periodFrom(request.query), filterFrom(request.query)));

  app.get<{ Querystring: Query }>('/insights/sales', read, async (request) =>
    readSales(db, periodFrom(request.query), filterFrom(request.query), (request.query.by || 'game') as SalesBreakdown),
  );

  app.get<{ Querystring: Query }>('/insights/delivery', read, async (request) => readDeliveryHealth(db, periodFrom(request.query), filterFrom(request.query)));

  // The offer experiments' results per variant (decision 308).
  app.get('/insights/experiments', { config: { permission: 'read' }, schema: { querystring: { type: 'object', properties: {}, additionalProperties: false } } }, async () => ({
    experiments: await readExperimentResults(db),
  }));

  app.get<{ Querystring: Query }>('/insights/sales.csv', read, async (request, reply) => {
    const period = periodFrom(request.query);
    return sendCsv(reply, 'sales', period, SALES_CSV_COLUMNS, await readSalesDays(db, period, filterFrom(request.query)));
  });

  app.get<{ Querystring: Query }>('/insights/funnel.csv', read, async (request, reply) => {
    const period = periodFrom(request.query);
    return sendCsv(reply, 'funnel', period, FUNNEL_CSV_COLUMNS, await readFunnelDays(db, period, filterFrom(request.query)));
  });
}
