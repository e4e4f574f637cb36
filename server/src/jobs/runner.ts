import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { jobs, type JobRow } from '../db/schema/index.js';
import type { ProcessRegistry } from './process-registry.js';

/** How long the list of gone processes is used before the registry is asked again. */
const GONE_LIST_MS = 1000;

export interface JobContext {
  db: Db;
  log: FastifyBaseLogger;
  job: JobRow;
}
export type JobHandler = (payload: unknown, ctx: JobContext) => Promise<unknown>;

export interface RunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** First retry delay; each further try waits twice as long. */
  backoffMs?: number;
  /** A running job whose lease lapses (its process died) is claimed again. */
  leaseMs?: number;
  /** Records which process runs a job, so a job of a process known to be gone is taken over at once. */
  processes?: ProcessRegistry;
  /** Subscribes to new-job notifications (LISTEN on PostgreSQL); the runner then picks up at once instead of at its next poll. */
  wakeups?: (onNotify: () => void) => Promise<() => Promise<void>>;
}

/**
 * Durable job runner: jobs live in the `jobs` table, are claimed with FOR UPDATE SKIP LOCKED (safe
 * with several processes on one PostgreSQL), keep a lease while running, retry with exponential
 * backoff and end as `failed` with their reason after the last try.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;
  private wokenWhileRunning = false;
  private unlisten: (() => Promise<void>) | null = null;
  private readonly pollMs: number;
  private readonly backoffMs: number;
  private readonly leaseMs: number;
  private gone: { at: number; ids: string[] } | null = null;

  constructor(private readonly opts: RunnerOptions) {
    this.pollMs = opts.pollMs ?? 1000;
    this.backoffMs = opts.backoffMs ?? 5000;
    this.leaseMs = opts.leaseMs ?? 5 * 60_000;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    if (this.opts.wakeups) this.unlisten = await this.opts.wakeups(() => this.wake());
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.unlisten?.();
    this.unlisten = null;
    await this.running;
  }

  /** A job was enqueued: look now rather than at the next poll (or right after the current round). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenWhileRunning = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.schedule(0);
  }

  /** Runs ready jobs until none is left (tests, and the poll loop). Returns how many ran. */
  async drain(): Promise<number> {
    let count = 0;
    while (await this.runOne()) count += 1;
    return count;
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wokenWhileRunning = false;
      this.running = this.drain()
        .catch((err: unknown) => this.opts.log.error({ err }, 'job runner poll failed'))
        .then(() => {
          this.running = null;
          this.schedule(this.wokenWhileRunning ? 0 : this.pollMs);
        });
    }, delay);
  }

  /**
   * The processes known to be gone, asked of the registry at most once a second (every claim would
   * otherwise cost a round trip more): a holder that died is taken over within that second. A
   * stale list of the gone never names a live process, as a stale list of the live would.
   */
  private async goneProcesses(): Promise<string[]> {
    const processes = this.opts.processes!;
    const now = Date.now();
    if (!this.gone || now - this.gone.at > GONE_LIST_MS) this.gone = { at: now, ids: await processes.listGone() };
    return this.gone.ids;
  }

  /** Claims and runs one job; false when none is ready. */
  async runOne(): Promise<boolean> {
    const { db, log } = this.opts;
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return false;
    const processes = this.opts.processes;
    const gone = processes ? await this.goneProcesses() : [];
    // A holder is gone when its row is missing (removed as gone, read in this statement) or when
    // the registry found it gone (dead pid, stopped heartbeat) before removing its row.
    const holderGone = processes
      ? sql` OR (state = 'running' AND locked_by IS NOT NULL AND (locked_by NOT IN (SELECT id FROM server_processes)${
          gone.length > 0
            ? sql` OR locked_by IN (${sql.join(
                gone.map((id) => sql`${id}::uuid`),
                sql`, `,
              )})`
            : sql``
        }))`
      : sql``;
    // One statement claims and returns the job: the oldest ready one no other runner holds.
    const [job] = await db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedBy: processes?.id ?? null,
        lockedUntil: sql`now() + make_interval(secs => ${this.leaseMs / 1000})`,
      })
      .where(
        sql`${jobs.id} = (
        SELECT id FROM jobs
        WHERE kind IN (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})
          AND ((state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now())${holderGone})
        ORDER BY run_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
      )
      .returning();
    if (!job) return false;
    // Only this claim may end the job: a runner whose lease lapsed (or that another process took
    // the job from) must not mark it done or queue it again over the new holder.
    const mine = and(
      eq(jobs.id, job.id),
      eq(jobs.state, 'running'),
      eq(jobs.attempts, job.attempts),
      processes ? eq(jobs.lockedBy, processes.id) : isNull(jobs.lockedBy),
    );
    const handler = this.handlers.get(job.kind)!;
    const lease = setInterval(
      () => {
        db.update(jobs)
          .set({ lockedUntil: sql`now() + make_interval(secs => ${this.leaseMs / 1000})` })
          .where(mine)
          .catch((err: unknown) => log.warn({ err, jobId: job.id }, 'could not extend job lease'));
      },
      Math.max(1000, this.leaseMs / 3),
    );
    try {
      const result = await handler(job.payload, { db, log: log.child({ jobId: job.id, kind: job.kind }), job });
      const ended = await db
        .update(jobs)
        .set({ state: 'done', result: result ?? null, lockedUntil: null, lockedBy: null, lastError: null, finishedAt: sql`now()` })
        .where(mine)
        .returning({ id: jobs.id });
      if (ended.length === 0) log.warn({ jobId: job.id, kind: job.kind }, 'job was taken over while it ran; the other run ends it');
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const isLast = job.attempts >= job.maxAttempts;
      log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, reason }, isLast ? 'job failed' : 'job will retry');
      const delay = this.backoffMs * 2 ** (job.attempts - 1);
      await db
        .update(jobs)
        .set(
          isLast
            ? { state: 'failed', lastError: reason, lockedUntil: null, lockedBy: null, finishedAt: sql`now()` }
            : {
                state: 'queued',
                lastError: reason,
                lockedUntil: null,
                lockedBy: null,
                runAt: sql`now() + make_interval(secs => ${delay / 1000})`,
              },
        )
        .where(mine);
    } finally {
      clearInterval(lease);
    }
    return true;
  }
}
