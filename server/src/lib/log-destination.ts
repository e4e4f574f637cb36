import { writeSync } from 'node:fs';

/** How long a full pipe is left before the pending lines are tried again (ms). */
const RETRY_MS = 10;

/**
 * Where the portal's log lines go (stdout unless tests give a stream): the lines of one turn of the
 * event loop reach the file descriptor in one write at the end of that turn, where pino's default
 * destination made a system call per line (under load, one per request). A line is never held
 * longer than the turn it was logged in, order is kept, and on exit what is left is written at once.
 *
 * A descriptor that cannot take more (a full pipe answers EAGAIN) keeps the rest, tried again
 * shortly without blocking requests. Past `maxPendingBytes` new lines are dropped and counted, and a
 * line saying how many is written when there is room again. A descriptor that fails otherwise (a
 * closed pipe) loses the lines rather than the process.
 */
export class LogDestination {
  private lines: string[] = [];
  private carry: Buffer | null = null;
  private pending = 0;
  private scheduled = false;
  private retry: NodeJS.Timeout | null = null;
  private dropped = 0;

  constructor(
    private readonly fd = 1,
    private readonly maxPendingBytes = 8 * 1024 * 1024,
  ) {}

  /** pino's destination interface: one JSON line, newline included. */
  write(line: string): boolean {
    if (this.pending + line.length > this.maxPendingBytes) {
      this.dropped++;
      return false;
    }
    this.lines.push(line);
    this.pending += line.length;
    if (!this.scheduled && !this.retry) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        this.flush();
      });
    }
    return true;
  }

  /** Writes what is pending; true when all of it went out. Used at the end of a turn and on exit. */
  flush(): boolean {
    if (this.dropped > 0) {
      this.lines.push(
        `{"level":40,"time":${Date.now()},"pid":${process.pid},"msg":"${this.dropped} log lines were dropped: the log output did not keep up"}\n`,
      );
      this.dropped = 0;
    }
    if (this.lines.length === 0 && !this.carry) return true;
    const text = Buffer.from(this.lines.join(''));
    const out = this.carry ? Buffer.concat([this.carry, text]) : text;
    this.lines = [];
    this.carry = null;
    let written = 0;
    try {
      while (written < out.length) written += writeSync(this.fd, out, written, out.length - written);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') {
        this.pending = 0;
        return false;
      }
      this.carry = out.subarray(written);
      this.pending = this.carry.length;
      this.retry ??= setTimeout(() => {
        this.retry = null;
        this.flush();
      }, RETRY_MS);
      return false;
    }
    this.pending = 0;
    return true;
  }
}

let stdout: LogDestination | null = null;

/** The destination of the portal's log on stdout (one per process), written out when the process exits. */
export function stdoutLogDestination(): LogDestination {
  if (stdout) return stdout;
  const destination = (stdout = new LogDestination(1));
  process.once('exit', () => {
    // A full pipe at exit: a few more tries, at most about a second, then what is left is lost.
    const pause = new Int32Array(new SharedArrayBuffer(4));
    for (let i = 0; i < 100 && !destination.flush(); i++) Atomics.wait(pause, 0, 0, RETRY_MS);
  });
  return destination;
}
