import { repeatsAfterLostConnection } from '../src/db/postgres-db';
import { refuseDiscount, type DiscountCode } from '../src/discounts';
import { HOLDING_STATUSES, PAID_STATUSES } from '../src/orders/order-state';
import { placeCreatedOrder, type PlaceOutcome } from '../src/orders/order-workflow';
import { limitReached } from '../src/orders/price';
import { roleLockKey } from '../src/orders/role-lock';
import { tooManyUnpaid } from '../src/orders/write-order';
import { openTestStore, type TestStore } from './support/test-app';
import { testDbTargets } from './support/test-db';

jest.setTimeout(180_000);

/**
 * topup_place_order (migration 081) judges an order in the database, in one round trip; the store's
 * rules are written in TypeScript (price.ts, discount-rules.ts, write-order.ts). For one character with
 * a known history, every combination of limits and caps around it gets the same verdict from both, in
 * the same order of checks, and the counts the function judged by are the history.
 */
describe.each(testDbTargets())('one call places an order on $name', (target) => {
  let store: TestStore;
  let bundleId: number;
  const role = { gameId: 18, roleId: 'one-call-role' };
  beforeAll(async () => {
    store = await openTestStore(target);
    const [bundle] = await store.db.query<{ id: number }>(`SELECT id FROM bundles WHERE product_id = '18-us-currency-60'`);
    bundleId = bundle!.id;
    // The character's history: three paid purchases of the bundle with code C (one paid 40 days ago),
    // one refunded (holds nothing), two open unpaid orders by buyer b1, one by b2, one expired unpaid by b1.
    const rows: Array<[string, string, string, string | null, string]> = [
      ['delivered', 'C', 'b9', `now() - interval '40 days'`, `now() + interval '1 hour'`],
      ['delivered', 'C', 'b9', 'now()', `now() + interval '1 hour'`],
      ['paid', 'C', 'b9', 'now()', `now() + interval '1 hour'`],
      ['refunded', 'C', 'b9', 'now()', `now() + interval '1 hour'`],
      ['created', '', 'b1', null, `now() + interval '1 hour'`],
      ['created', '', 'b1', null, `now() + interval '1 hour'`],
      ['created', '', 'b2', null, `now() + interval '1 hour'`],
      ['created', '', 'b1', null, `now() - interval '1 second'`],
    ];
    for (const [index, [status, code, buyer, paidAt, expiresAt]] of rows.entries()) {
      await store.db.query(
        `INSERT INTO orders (order_id, game_id, area, server_id, role_id, bundle_id, product_id, amount_minor, currency, status, discount_code, buyer, paid_at, expires_at, created_at)
         VALUES ($1, 18, 'us', '1801', $2, $3, '18-us-currency-60', 99, 'USD', $4, $5, $6, ${paidAt ?? 'NULL'}, ${expiresAt}, ${paidAt ?? 'now()'})`,
        [`ONECALL${index}`, role.roleId, bundleId, status, code, buyer],
      );
    }
    // Another character's paid use of the code: counted for everyone, not for this character.
    await store.db.query(
      `INSERT INTO orders (order_id, game_id, area, server_id, role_id, bundle_id, product_id, amount_minor, currency, status, discount_code, paid_at)
       VALUES ('ONECALLX', 18, 'us', '1801', 'another-role', $1, '18-us-currency-60', 99, 'USD', 'delivered', 'C', now())`,
      [bundleId],
    );
  });
  afterAll(async () => {
    await store?.close();
  });

  let sequence = 0;
  /** The function's answer, its row (if any) rolled back so that the history stays as it is. */
  async function ask(args: { limit: number; period: 'ever' | 'month'; perBuyer: number; perCharacter: number; code: string; usesPerRole: number; usesPerCode: number; buyer: string; token?: string }): Promise<PlaceOutcome> {
    sequence += 1;
    let answer: PlaceOutcome | null = null;
    await store.db
      .transaction(async (tx) => {
        answer = await placeCreatedOrder(tx, [
          roleLockKey(role.gameId, role.roleId), role.gameId, role.roleId, bundleId, args.period, args.token ?? `one-call-${sequence}`, args.buyer,
          args.limit, args.perBuyer, args.perCharacter, args.code, args.usesPerRole, args.usesPerCode, true, HOLDING_STATUSES, PAID_STATUSES,
          `ONECALLNEW${sequence}`, 'us', '1801', 'NA-1', 'Name', '', '18-us-currency-60', '60 Gems', 'card', 99, 0, 99, 'USD', 'sandbox', 60_000, '{}', 'en', '', 'phone',
        ]);
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if ((error as Error).message !== 'roll back') throw error;
      });
    return answer!;
  }

  it('counts the history as the store does: holding in the period, first-buy taken, open unpaid orders (all and the buyer\'s), the code\'s uses', async () => {
    const everything = await ask({ limit: 0, period: 'ever', perBuyer: 100, perCharacter: 100, code: 'C', usesPerRole: 0, usesPerCode: 0, buyer: 'b1' });
    expect(everything).toEqual({ outcome: 'placed', holding: 3, first_buy_taken: 3, unpaid: 3, unpaid_by_buyer: 2, code_by_role: 3, code_by_all: 4 });
    const thisMonth = await ask({ limit: 0, period: 'month', perBuyer: 100, perCharacter: 100, code: '', usesPerRole: 0, usesPerCode: 0, buyer: 'b3' });
    expect(thisMonth).toEqual({ outcome: 'placed', holding: 2, first_buy_taken: 3, unpaid: 3, unpaid_by_buyer: 0, code_by_role: 0, code_by_all: 0 });
  });

  it('refuses exactly what the store\'s rules refuse, in the same order: the limit, the code\'s uses, the unpaid caps', async () => {
    const code = (usesPerRole: number, usesPerCode: number): DiscountCode =>
      ({ code: 'C', active: true, gameIds: [], productIds: [], percentOff: 10, amountOff: null, validFrom: new Date(0), validUntil: null, usesPerRole, usesPerCode });
    let checked = 0;
    for (const period of ['ever', 'month'] as const) {
      const holding = period === 'ever' ? 3 : 2;
      for (const limit of [0, 2, 3, 4]) {
        for (const [usesPerRole, usesPerCode] of [[0, 0], [3, 0], [4, 0], [0, 4], [0, 5]] as const) {
          for (const [perBuyer, perCharacter] of [[2, 50], [3, 3], [3, 4], [1, 1]] as const) {
            for (const buyer of ['b1', 'b3']) {
              const answer = await ask({ limit, period, perBuyer, perCharacter, code: 'C', usesPerRole, usesPerCode, buyer });
              const unpaidByBuyer = buyer === 'b1' ? 2 : 0;
              const expected = limitReached(limit, holding)
                ? 'limit'
                : refuseDiscount(code(usesPerRole, usesPerCode), { gameId: 18, productId: '18-us-currency-60', currency: 'USD', now: new Date(), usesByRole: 3, usesByAll: 4 })
                  ? 'code'
                  : tooManyUnpaid({ unpaidOrdersPerBuyer: perBuyer, unpaidOrdersPerCharacter: perCharacter }, { unpaid: 3, unpaidByBuyer })
                    ? 'unpaid'
                    : 'placed';
              expect({ period, limit, usesPerRole, usesPerCode, perBuyer, perCharacter, buyer, outcome: answer.outcome }).toEqual({ period, limit, usesPerRole, usesPerCode, perBuyer, perCharacter, buyer, outcome: expected });
              checked += 1;
            }
          }
        }
      }
    }
    expect(checked).toBe(320);
  });

  it('is never sent twice after a lost connection: it writes', async () => {
    let sent = '';
    await placeCreatedOrder({ query: async <T>(sql: string) => ((sent = sql), [{ outcome: 'token' }] as T[]) }, []);
    expect(sent).toContain('topup_place_order');
    expect(repeatsAfterLostConnection(sent)).toBe(false);
    expect(repeatsAfterLostConnection('SELECT 1')).toBe(true);
  });

  it('answers "token" for a token that names an order, whatever the limits', async () => {
    await store.db.query(`UPDATE orders SET order_token = 'one-call-taken' WHERE order_id = 'ONECALL4'`);
    const answer = await ask({ limit: 1, period: 'ever', perBuyer: 0, perCharacter: 0, code: 'C', usesPerRole: 1, usesPerCode: 1, buyer: 'b1', token: 'one-call-taken' });
    expect(answer.outcome).toBe('token');
  });
});
