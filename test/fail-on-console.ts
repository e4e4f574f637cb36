// Shared by every workspace's Vitest config (setupFiles): a console.error or console.warn during a
// test fails that test. An expected message is asserted where it happens, with `vi.spyOn(console, …)`
// in the test itself, so it never reaches this hook.
import { afterEach, beforeEach, vi } from 'vitest';

const watched = ['error', 'warn'] as const;
let calls: string[] = [];

beforeEach(() => {
  calls = [];
  for (const level of watched) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      calls.push(`console.${level}: ${args.map(String).join(' ')}`);
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  if (calls.length > 0) throw new Error(`the test wrote to the console:\n${calls.join('\n')}`);
});
