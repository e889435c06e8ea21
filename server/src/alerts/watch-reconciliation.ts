import type { Queryable } from '../db/db';
import { reconcileStore } from '../orders';
import { openIncident, openSubjects, resolveIncident } from './incidents';

/** A report's subject: its title in lower case with dashes ("orders-whose-money-and-items-disagree"). */
const subjectOf = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/**
 * The reconciliation's reports of the store's own books (docs/orders.md, "Reconciliation"; the
 * provider's books are compared by `npm run reconcile` only, not every few minutes): each report with
 * rows is one incident, open until the report is empty again. A new order joining a report already
 * open does not alert again; the Alerts page and Needs attention show the rows.
 */
export async function watchReconciliation(tx: Queryable, giveUpAfterMs: number): Promise<{ opened: string[]; resolved: string[] }> {
  const sections = await reconcileStore(tx, { provider: null, giveUpAfterMs });
  const open = new Set(await openSubjects(tx, 'reconcile_finding'));
  const opened: string[] = [];
  const resolved: string[] = [];
  for (const section of sections) {
    if (!section.rows) continue;
    const subject = subjectOf(section.title);
    if (section.rows.length > 0) {
      if (open.has(subject)) continue;
      const orders = section.rows.slice(0, 10).map((row) => (row as { order_id?: string }).order_id ?? '').filter(Boolean);
      const id = await openIncident(tx, {
        kind: 'reconcile_finding',
        subject,
        title: `${section.title}: ${section.rows.length} order${section.rows.length === 1 ? '' : 's'}`,
        facts: { report: section.title, meaning: section.meaning, orders: section.rows.length, first_orders: orders.join(', ') },
      });
      if (id !== null) opened.push(subject);
    } else if (open.has(subject) && (await resolveIncident(tx, 'reconcile_finding', subject))) {
      resolved.push(subject);
    }
  }
  return { opened, resolved };
}
