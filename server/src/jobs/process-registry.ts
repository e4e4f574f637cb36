import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { serverProcesses, type ServerProcessRow } from '../db/schema/index.js';

/** How often a live process says so; three missed beats and it counts as gone. */
const HEARTBEAT_MS = 10_000;
const STALE_MS = 3 * HEARTBEAT_MS;

function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the pid exists but belongs to someone else, so it is alive.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether a registered process is known to be gone: its heartbeat stopped, or it ran on this host
 * and its pid is dead (or is our own pid: an earlier life of this process in a restarted container).
 */
export function isProcessGone(row: ServerProcessRow, self: { id: string; host: string }, now: Date): boolean {
  if (row.id === self.id) return false;
  if (now.getTime() - row.heartbeatAt.getTime() > STALE_MS) return true;
  if (row.hostname !== self.host) return false;
  return row.pid === process.pid || !isPidAlive(row.pid);
}

/**
 * This server process in the `server_processes` table: jobs and upload claims record its id, so
 * that after a crash the next process (or a sibling) can tell the holder is gone and take over.
 */
export class ProcessRegistry {
  readonly id = randomUUID();
  private readonly host = hostname();
  private timer: NodeJS.Timeout | null = null;
  private live = 1;

  constructor(private readonly opts: { db: Db; log: FastifyBaseLogger }) {}

  /**
   * How many processes of the installation (this one included) beat in the last three beats, as
   * counted at this process's start and at each of its beats since: up to a beat old.
   */
  get liveCount(): number {
    return this.live;
  }

  async start(): Promise<void> {
    await this.opts.db.insert(serverProcesses).values({ id: this.id, hostname: this.host, pid: process.pid });
    await this.countLive();
    this.timer = setInterval(() => {
      // An upsert: a process whose row was removed (its heartbeat was late) counts as live again.
      this.opts.db
        .insert(serverProcesses)
        .values({ id: this.id, hostname: this.host, pid: process.pid })
        .onConflictDoUpdate({ target: serverProcesses.id, set: { heartbeatAt: sql`now()` } })
        .then(() => this.countLive())
        .catch((err: unknown) => this.opts.log.warn({ err }, 'process heartbeat failed'));
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  private async countLive(): Promise<void> {
    const [row] = await this.opts.db
      .select({ n: sql<number>`count(*)::int` })
      .from(serverProcesses)
      .where(sql`${serverProcesses.heartbeatAt} > now() - ${sql.raw(`interval '${STALE_MS / 1000} seconds'`)}`);
    this.live = Math.max(1, row?.n ?? 1);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.opts.db
      .delete(serverProcesses)
      .where(eq(serverProcesses.id, this.id))
      .catch(() => undefined);
  }

  /**
   * Ids of the processes known to be gone; their rows are removed here. A job or claim of a
   * process whose row is missing is equally gone (`NOT IN (SELECT id FROM server_processes)`, asked
   * in the same statement), so this list may be a moment old without ever naming a live process:
   * the gone never come back, while a list of the live goes stale as new processes start.
   */
  async listGone(): Promise<string[]> {
    const { db } = this.opts;
    const rows = await db.select({ row: serverProcesses, now: sql<string>`now()` }).from(serverProcesses);
    const now = new Date(rows[0]?.now ?? Date.now());
    const gone = rows.filter(({ row }) => isProcessGone(row, { id: this.id, host: this.host }, now)).map(({ row }) => row.id);
    if (gone.length > 0) await db.delete(serverProcesses).where(inArray(serverProcesses.id, gone));
    return gone;
  }

  /**
   * Ids of the processes still alive (this one included). Anything claimed by an id not in this
   * list belongs to a process known to be gone; the rows of gone processes are removed here.
   */
  async listLive(): Promise<string[]> {
    const { db } = this.opts;
    const rows = await db.select({ row: serverProcesses, now: sql<string>`now()` }).from(serverProcesses);
    const now = new Date(rows[0]?.now ?? Date.now());
    const gone = rows.filter(({ row }) => isProcessGone(row, { id: this.id, host: this.host }, now)).map(({ row }) => row.id);
    if (gone.length > 0) await db.delete(serverProcesses).where(inArray(serverProcesses.id, gone));
    return [this.id, ...rows.map(({ row }) => row.id).filter((id) => id !== this.id && !gone.includes(id))];
  }
}
