import { DEFAULT_INSTANCE_NAME } from '../db/instance-name';
import type { Db, Queryable } from '../db/db';

/**
 * 'deliver' sends an order's mail, 'refund' returns an order's money (what is left of it), 'refund_payment'
 * one duplicate payment, 'resend' the mail of a delivered order again (payment_id holds the resend's
 * number), 'refund_part' a part of the order's money the support desk gave back (payment_id 'part:<n>'),
 * 'player_mail' a mail that is no order's (an ownership code, a daily gift): order_id holds its key
 * in player_mails (players/player-mails.ts).
 */
export type JobKind = 'deliver' | 'refund' | 'refund_payment' | 'resend' | 'refund_part' | 'player_mail';

export interface ClaimedJob {
  readonly order_id: string;
  readonly job: JobKind;
  /** The payment a 'refund_payment' returns; '' for the other jobs. */
  readonly payment_id: string;
  /** The number of this attempt (1 for the first). */
  readonly attempts: number;
  readonly first_attempt_at: Date;
}

/**
 * Takes up to `limit` due jobs for this worker: each is leased for `leaseMs`, during which no
 * other worker takes it; the worker renews the lease while it works the job (`renewJobLeases`), so a
 * worker that dies leaves a lease that runs out within `leaseMs`. `FOR UPDATE SKIP LOCKED`
 * lets several workers on PostgreSQL claim at the same moment without waiting for each other or
 * taking the same job. `holder` (this process: host and pid) is noted with the lease (leased_by).
 */
export async function claimDueJobs(db: Queryable, limit: number, leaseMs: number, holder: string = DEFAULT_INSTANCE_NAME): Promise<ClaimedJob[]> {
  return db.query<ClaimedJob>(
    `UPDATE delivery_outbox AS job
        SET leased_until = clock_timestamp() + $2 * interval '1 millisecond',
            leased_by = $3,
            attempts = job.attempts + 1,
            first_attempt_at = coalesce(job.first_attempt_at, clock_timestamp())
       FROM (SELECT order_id, job, payment_id FROM delivery_outbox
              WHERE due_at <= now() AND (leased_until IS NULL OR leased_until <= now())
              ORDER BY due_at LIMIT $1
              FOR UPDATE SKIP LOCKED) AS due
      WHERE job.order_id = due.order_id AND job.job = due.job AND job.payment_id = due.payment_id
      RETURNING job.order_id, job.job, job.payment_id, job.attempts, job.first_attempt_at`,
    [limit, leaseMs, holder],
  );
}

/**
 * Extends by `leaseMs` the leases of the jobs this worker still holds (the same attempt, not
 * postponed or finished) and returns those it renewed: a job missing from the answer was finished
 * meanwhile or taken over by another worker after its lease ran out.
 */
export async function renewJobLeases(db: Queryable, jobs: readonly ClaimedJob[], leaseMs: number): Promise<ClaimedJob[]> {
  if (jobs.length === 0) return [];
  const renewed = await db.query<{ order_id: string; job: string; payment_id: string; attempts: number }>(
    // Never shorter than it is: a send's lease (claimSend) outlasts the call whatever the heartbeat does.
    `UPDATE delivery_outbox AS job SET leased_until = greatest(job.leased_until, clock_timestamp() + $5 * interval '1 millisecond')
       FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[]) AS held(order_id, job, payment_id, attempts)
      WHERE job.order_id = held.order_id AND job.job = held.job AND job.payment_id = held.payment_id
        AND job.attempts = held.attempts AND job.leased_until IS NOT NULL
      RETURNING job.order_id, job.job, job.payment_id, job.attempts`,
    [jobs.map((job) => job.order_id), jobs.map((job) => job.job), jobs.map((job) => job.payment_id), jobs.map((job) => job.attempts), leaseMs],
  );
  const key = (job: { order_id: string; job: string; payment_id: string; attempts: number }) => `${job.order_id}|${job.job}|${job.payment_id}|${job.attempts}`;
  const still = new Set(renewed.map(key));
  return jobs.filter((job) => still.has(key(job)));
}

/**
 * Gives the leases of these attempts back at once (a stopping worker that cannot wait for them): another
 * worker may take each job now, and this attempt's outcome, if it still comes, is refused (LeaseLost).
 * The caller leaves out the attempts handing the game a mail (claimSend): their leases run to the end of
 * the call, so that no refund stops a delivery whose mail may still land.
 */
export async function handBackLeases(db: Queryable, jobs: readonly ClaimedJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db.query(
    `UPDATE delivery_outbox AS job SET leased_until = clock_timestamp()
       FROM unnest($1::text[], $2::text[], $3::text[], $4::integer[]) AS held(order_id, job, payment_id, attempts)
      WHERE job.order_id = held.order_id AND job.job = held.job AND job.payment_id = held.payment_id
        AND job.attempts = held.attempts AND job.leased_until IS NOT NULL`,
    [jobs.map((job) => job.order_id), jobs.map((job) => job.job), jobs.map((job) => job.payment_id), jobs.map((job) => job.attempts)],
  );
}

/** The attempts between their claimSend and their end: a stopping worker keeps their leases. */
const SENDING = new WeakSet<ClaimedJob>();

export function isSending(job: ClaimedJob): boolean {
  return SENDING.has(job);
}

/**
 * The step just before an attempt hands the game its mail, in one statement (decision 298): the job is
 * still this attempt's (no other worker claimed it after its lease ran out, and no refund stopped it:
 * stopDelivery deletes the row) and its lease is made to last `coverMs` more at least (the call's
 * timeout and a margin). From then until the call is abandoned, stopDelivery answers under_way, whatever
 * happens to this worker's heartbeat; a worker that lost its lease without knowing finds the row gone or
 * another attempt's, and sends nothing. False: send nothing.
 */
export async function claimSend(db: Queryable, job: ClaimedJob, coverMs: number): Promise<boolean> {
  const rows = await db.query(
    `UPDATE delivery_outbox SET leased_until = greatest(leased_until, clock_timestamp() + $5 * interval '1 millisecond')
      WHERE order_id = $1 AND job = $2 AND payment_id = $3 AND attempts = $4 AND leased_until IS NOT NULL
      RETURNING order_id`,
    [job.order_id, job.job, job.payment_id, job.attempts, coverMs],
  );
  if (rows.length === 1) SENDING.add(job);
  return rows.length === 1;
}

/** The jobs whose lease is held for at least `forMs` more, with who holds it (host:pid): for drills and operators. */
export function heldLeases(db: Queryable, forMs = 0): Promise<Array<{ leased_by: string; order_id: string; job: JobKind }>> {
  return db.query(
    `SELECT leased_by, order_id, job FROM delivery_outbox
      WHERE leased_until > clock_timestamp() + $1 * interval '1 millisecond' AND leased_by IS NOT NULL ORDER BY leased_until`,
    [forMs],
  );
}

/** Another worker holds the job now: this attempt's outcome is not recorded. */
export class LeaseLost extends Error {
  constructor(readonly job: ClaimedJob) {
    super(`the lease of ${job.job} job ${job.order_id} (attempt ${job.attempts}) was lost to another worker; its outcome is left to that worker`);
    this.name = 'LeaseLost';
  }
}

/**
 * Runs `work` in one transaction that first locks the job's row as this attempt's: the outcome of
 * an attempt is recorded only while no other worker took the job over. Throws LeaseLost, changing
 * nothing, when the job is gone or another attempt's.
 */
export function inJobTransaction<T>(db: Db, job: ClaimedJob, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const held = await tx.query(
      'SELECT 1 FROM delivery_outbox WHERE order_id = $1 AND job = $2 AND payment_id = $3 AND attempts = $4 FOR UPDATE',
      [job.order_id, job.job, job.payment_id, job.attempts],
    );
    if (held.length === 0) throw new LeaseLost(job);
    return work(tx);
  });
}

/** The job is done: it leaves the outbox (only if it is still this attempt's). */
export async function finishJob(tx: Queryable, job: ClaimedJob): Promise<void> {
  await tx.query('DELETE FROM delivery_outbox WHERE order_id = $1 AND job = $2 AND payment_id = $3 AND attempts = $4', [
    job.order_id,
    job.job,
    job.payment_id,
    job.attempts,
  ]);
}

/** The attempt failed: the job waits until `dueAt` and is free for any worker then. */
export async function postponeJob(tx: Queryable, job: ClaimedJob, dueAt: Date, error: string): Promise<void> {
  await tx.query(
    `UPDATE delivery_outbox SET due_at = $4, leased_until = NULL, last_error = $5
      WHERE order_id = $1 AND job = $2 AND attempts = $3 AND payment_id = $6`,
    [job.order_id, job.job, job.attempts, dueAt, error.slice(0, 500), job.payment_id],
  );
}

/**
 * Queues an order's delivery or the refund of its own payment (with the reason the refund will name);
 * queuing it again changes nothing.
 */
export async function queueOrderJob(tx: Queryable, orderId: string, job: 'deliver' | 'refund', reason = ''): Promise<void> {
  await tx.query(`INSERT INTO delivery_outbox (order_id, job, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [orderId, job, reason]);
}

/** Queues a player mail's sending (its key in player_mails); queuing it again changes nothing. */
export async function queuePlayerMail(tx: Queryable, mailKey: string): Promise<void> {
  await tx.query(`INSERT INTO delivery_outbox (order_id, job) VALUES ($1, 'player_mail') ON CONFLICT DO NOTHING`, [mailKey]);
}

/** Queues the refund of a part of an order's payment; `part` is 'part:<n>'. */
export async function queuePartRefund(tx: Queryable, orderId: string, part: string, amountMinor: number, reason: string): Promise<void> {
  await tx.query(`INSERT INTO delivery_outbox (order_id, job, payment_id, amount_minor, reason) VALUES ($1, 'refund_part', $2, $3, $4)`, [
    orderId,
    part,
    amountMinor,
    reason,
  ]);
}

/** What a job was queued with: a refund's reason and a part's amount. */
export async function jobRequest(db: Queryable, job: ClaimedJob): Promise<{ reason: string; amount_minor: number | null } | null> {
  const rows = await db.query<{ reason: string; amount_minor: number | null }>(
    'SELECT reason, amount_minor FROM delivery_outbox WHERE order_id = $1 AND job = $2 AND payment_id = $3',
    [job.order_id, job.job, job.payment_id],
  );
  return rows[0] ?? null;
}

/**
 * Stops an order's delivery, in the caller's transaction: its 'deliver' job leaves the outbox, so no
 * worker attempts it again. 'under_way' (and nothing changed) while a worker holds the job: its lease
 * runs (an attempt may be giving the game the mail right now, and its outcome is the worker's to
 * record), or its row is locked by a worker recording that outcome. The row is taken with SKIP LOCKED,
 * never waited for: the worker recording an outcome waits for the order's row, which the caller holds,
 * so waiting here would deadlock. A worker claiming afterwards finds the job gone.
 */
export async function stopDelivery(tx: Queryable, orderId: string): Promise<'stopped' | 'under_way' | 'none'> {
  const present = await tx.query(`SELECT 1 FROM delivery_outbox WHERE order_id = $1 AND job = 'deliver'`, [orderId]);
  if (present.length === 0) return 'none';
  const [job] = await tx.query<{ held: boolean }>(
    `SELECT coalesce(leased_until > clock_timestamp(), false) AS held FROM delivery_outbox
      WHERE order_id = $1 AND job = 'deliver' FOR UPDATE SKIP LOCKED`,
    [orderId],
  );
  if (!job || job.held) return 'under_way';
  await tx.query(`DELETE FROM delivery_outbox WHERE order_id = $1 AND job = 'deliver'`, [orderId]);
  return 'stopped';
}

/** Queues the refund of one payment of an order (a duplicate); queuing it again changes nothing. */
export async function queuePaymentRefund(tx: Queryable, orderId: string, paymentId: string): Promise<void> {
  await tx.query(`INSERT INTO delivery_outbox (order_id, job, payment_id) VALUES ($1, 'refund_payment', $2) ON CONFLICT DO NOTHING`, [orderId, paymentId]);
}

/** Queues the `number`th resending of a delivered order's mail (the support desk's action). */
export async function queueMailResend(tx: Queryable, orderId: string, number: number): Promise<void> {
  await tx.query(`INSERT INTO delivery_outbox (order_id, job, payment_id) VALUES ($1, 'resend', $2) ON CONFLICT DO NOTHING`, [orderId, String(number)]);
}

/** A delivery waiting for its next attempt is tried now (the support desk's "retry now"); false when none waits. */
export async function hurryDelivery(tx: Queryable, orderId: string): Promise<boolean> {
  const rows = await tx.query(
    `UPDATE delivery_outbox SET due_at = now() WHERE order_id = $1 AND job = 'deliver' AND due_at > now()
        AND (leased_until IS NULL OR leased_until <= now()) RETURNING order_id`,
    [orderId],
  );
  return rows.length === 1;
}

/** A job still in the outbox, as an order's timeline shows it. */
export interface OpenJob {
  readonly job: JobKind;
  readonly attempts: number;
  readonly due_at: Date;
}

/** The jobs still open for an order: its delivery or refund under way. */
export function openJobsOf(db: Queryable, orderId: string): Promise<OpenJob[]> {
  return db.query<OpenJob>('SELECT job, attempts, due_at FROM delivery_outbox WHERE order_id = $1', [orderId]);
}

/** After a restart of the only process on an embedded database, no lease can still be held. */
export async function releaseAllLeases(db: Queryable): Promise<void> {
  await db.query('UPDATE delivery_outbox SET leased_until = NULL WHERE leased_until IS NOT NULL');
}
