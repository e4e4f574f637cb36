/**
 * Checks `condition` until it holds, every `everyMs`, and fails after `timeoutMs`: for what only
 * time brings about outside the test's reach (a lease or a window lapsing by the database's clock).
 * A test waits exactly as long as needed instead of a fixed sleep that is too short on a slow machine.
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  { what, timeoutMs = 10_000, everyMs = 10 }: { what: string; timeoutMs?: number; everyMs?: number },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
