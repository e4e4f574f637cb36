import { createServer, type Server, type Socket } from 'node:net';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's wire protocol over a Unix socket, answered by one PGlite (decision 0020). The
 * portal runs the embedded database in a process of its own and reaches it the way it reaches a
 * PostgreSQL server, through `pg`.
 *
 * PGlite is one session. One connection holds it at a time; others wait their turn. When a
 * connection ends, the session is put back as a new connection finds it: an open transaction is
 * rolled back, and prepared statements, LISTENs, settings and locks are dropped (`DISCARD ALL`).
 *
 * Messages are handed to PGlite whole: the bytes a socket delivers are cut at message boundaries,
 * however the kernel split them.
 */

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
/** Protocol 3.0. */
const PROTOCOL_3 = 196608;
/** Larger than any statement the portal sends; a client announcing more is cut off. */
const MAX_MESSAGE_BYTES = 256 * 1024 * 1024;

export interface EmbeddedServer {
  /** Stops taking connections and ends those there are. PGlite itself stays open. */
  close(): Promise<void>;
}

/** A simple-protocol Query message. */
function queryMessage(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const out = Buffer.alloc(5 + body.length);
  out[0] = 0x51; // 'Q'
  out.writeInt32BE(4 + body.length, 1);
  body.copy(out, 5);
  return out;
}

const SYNC = Uint8Array.of(0x53, 0, 0, 0, 4);

/** The transaction status of a ReadyForQuery that ends `out` ('I', 'T' or 'E'), or null. */
function readyStatus(out: Uint8Array): string | null {
  const n = out.length;
  if (n >= 6 && out[n - 6] === 0x5a && out[n - 5] === 0 && out[n - 4] === 0 && out[n - 3] === 0 && out[n - 2] === 5) {
    return String.fromCharCode(out[n - 1]!);
  }
  return null;
}

/** An error message of the protocol, for a client that asked for something this server does not do. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, 'utf8');
  const out = Buffer.alloc(5 + fields.length);
  out[0] = 0x45; // 'E'
  out.writeInt32BE(4 + fields.length, 1);
  fields.copy(out, 5);
  return out;
}

export async function startEmbeddedServer(db: PGlite, socketPath: string): Promise<EmbeddedServer> {
  await db.waitReady;
  // PGlite sets the session's search_path itself (its reset value is pg_catalog alone): a new
  // connection gets it back after DISCARD ALL.
  const searchPath = (await db.query<{ v: string }>(`select current_setting('search_path') as v`)).rows[0]!.v;
  // PGlite starts its session with client_min_messages = debug3 and log_min_messages = debug1:
  // every statement would send the client DEBUG notices (bind, execute) for `pg` to parse on the
  // web thread, and format more for a log nobody reads. PostgreSQL's own defaults instead, for the
  // first connection and again after each DISCARD ALL.
  const sessionDefaults = `SET search_path TO ${searchPath}; SET client_min_messages TO notice; SET log_min_messages TO warning`;
  await db.exec(sessionDefaults);
  /**
   * Runs protocol messages and returns PGlite's answer as bytes. Not `execProtocolRaw`: PGlite
   * parses every answer as it is written and keeps each parsed message in a list that only
   * `execProtocol` empties, so over the raw call the embedded database's process held every row it
   * ever sent (its heap grew by about 12 MB a minute while a national set was prepared).
   */
  const run = async (messages: Uint8Array): Promise<Uint8Array> => (await db.execProtocol(messages, { throwOnError: false })).data;
  /** The connection that holds the session, and those waiting for it. */
  let holder: Connection | null = null;
  const waiting: Connection[] = [];
  const open = new Set<Connection>();
  /** Every call into PGlite, one at a time. */
  let chain: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = chain.then(work, work);
    chain = run.catch(() => undefined);
    return run;
  };

  class Connection {
    private buffered: Buffer[] = [];
    private bufferedBytes = 0;
    private started = false;
    /** Start-up has ended (the first ReadyForQuery): until then PGlite takes one message per call. */
    private ready = false;
    private status: string | null = 'I';
    private ended = false;
    private pumping = false;

    constructor(readonly socket: Socket) {
      socket.setNoDelay(true);
      socket.on('data', (chunk: Buffer) => {
        this.buffered.push(chunk);
        this.bufferedBytes += chunk.length;
        if (holder === this) void this.pump();
      });
      socket.on('error', () => this.end());
      socket.on('close', () => this.end());
    }

    /** Takes the whole messages buffered so far (and answers the requests that come before start-up itself). */
    private takeMessages(): Buffer | null {
      if (this.bufferedBytes === 0) return null;
      let data = this.buffered.length === 1 ? this.buffered[0]! : Buffer.concat(this.buffered);
      let at = 0;
      const whole: Buffer[] = [];
      while (!this.ended) {
        if (!this.started) {
          if (data.length - at < 8) break;
          const length = data.readInt32BE(at);
          if (length < 8 || length > 10_000) return this.refuse('08P01', 'bad start-up message');
          if (data.length - at < length) break;
          const code = data.readInt32BE(at + 4);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            this.socket.write('N'); // no encryption on a Unix socket
          } else if (code === CANCEL_REQUEST) {
            this.closeSocket(); // queries are not cancelled: the statement timeout ends a long one
            return null;
          } else if (code === PROTOCOL_3) {
            this.started = true;
            whole.push(data.subarray(at, at + length));
            at += length;
            break; // the start-up message goes alone
          } else {
            return this.refuse('0A000', 'unsupported frontend protocol');
          }
          at += length;
          continue;
        }
        if (data.length - at < 5) break;
        const length = data.readInt32BE(at + 1);
        if (length < 4 || length > MAX_MESSAGE_BYTES) return this.refuse('08P01', 'bad message length');
        if (data.length - at < 1 + length) break;
        if (data[at] === 0x58) {
          // Terminate: the client is done; PGlite's session is not ended, only handed back.
          this.closeSocket();
          break;
        }
        whole.push(data.subarray(at, at + 1 + length));
        at += 1 + length;
        // PGlite drops what follows the password message in the same call.
        if (!this.ready) break;
      }
      data = data.subarray(at);
      this.buffered = data.length > 0 ? [data] : [];
      this.bufferedBytes = data.length;
      if (whole.length === 0) return null;
      return whole.length === 1 ? whole[0]! : Buffer.concat(whole);
    }

    private refuse(code: string, message: string): null {
      if (!this.socket.destroyed) this.socket.end(errorResponse(code, message));
      this.end();
      return null;
    }

    /** Hands the whole messages to PGlite and writes its answer, one batch at a time. */
    async pump(): Promise<void> {
      if (this.pumping) return;
      this.pumping = true;
      try {
        for (;;) {
          const messages = this.takeMessages();
          if (!messages) return;
          const out = await exclusive(() => run(messages));
          const status = readyStatus(out);
          this.status = status;
          if (status !== null) this.ready = true;
          if (out.length > 0 && !this.socket.destroyed) this.socket.write(out);
        }
      } catch (err) {
        this.refuse('XX000', err instanceof Error ? err.message : 'embedded database failure');
      } finally {
        this.pumping = false;
      }
    }

    private closeSocket(): void {
      if (!this.socket.destroyed) this.socket.end();
      this.end();
    }

    /** The connection is gone: hand the session, put back as new, to the next one waiting. */
    end(): void {
      if (this.ended) return;
      this.ended = true;
      open.delete(this);
      const at = waiting.indexOf(this);
      if (at >= 0) waiting.splice(at, 1);
      if (holder !== this) return;
      const status = this.started ? this.status : 'I';
      void exclusive(async () => {
        // Mid-way through an extended-protocol exchange: Sync ends it (and an error state).
        if (status === null) await run(SYNC);
        if (status !== 'I') await run(queryMessage('ROLLBACK'));
        if (this.started) {
          await run(queryMessage('DISCARD ALL'));
          await run(queryMessage(sessionDefaults));
        }
      })
        // A reset PGlite refused leaves the session as it is; the next connection still gets its turn.
        .catch(() => undefined)
        .finally(() => {
          holder = null;
          handOver();
        });
    }
  }

  const handOver = () => {
    if (holder) return;
    const next = waiting.shift();
    if (!next) return;
    holder = next;
    void next.pump();
  };

  const server: Server = createServer((socket) => {
    const connection = new Connection(socket);
    open.add(connection);
    waiting.push(connection);
    handOver();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const c of open) c.socket.destroy();
      await closed;
      await chain;
    },
  };
}
