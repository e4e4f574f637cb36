// Output of the format commands (s57, s101): small output written at once, large output streamed
// with back-pressure, and the exit that waits only for what is still being written. A reader that
// goes away (`s57 geojson FILE | head`) ends the command quietly, as other tools do.
import { writeSync } from 'node:fs';

let streamReady = false;

/** Streamed output (large: GeoJSON), with back-pressure. */
export async function write(text: string): Promise<void> {
  if (!streamReady) {
    streamReady = true;
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
  }
  if (!process.stdout.write(text)) await new Promise<void>((resolve) => process.stdout.once('drain', () => resolve()));
}

/**
 * Small output (info, usage) written straight to file descriptor 1: setting up process.stdout's
 * stream costs more than the write.
 */
export function writeOut(text: string): void {
  const bytes = Buffer.from(text);
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(1, bytes, done);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue; // a non-blocking pipe that is full: try again
      if (code === 'EPIPE') process.exit(0);
      throw e;
    }
  }
}

/** One line on stderr, whitespace folded (a command's error). */
export function writeError(text: string): void {
  writeSync(2, text.replace(/\s+/g, ' ').trim() + '\n');
}

/**
 * Ends the command. Output written with writeOut is already out, so the process exits at once
 * (not waiting for background work such as optimising compilations still in flight); streamed
 * output ends when the stream has been flushed.
 */
export function finish(code: number): void {
  if (streamReady) process.exitCode = code;
  else process.exit(code);
}
