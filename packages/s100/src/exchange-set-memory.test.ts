import { randomBytes } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createTestPki, loadDataServerIdentity } from './certificates.js';
import { generateProtectedExchangeSet, type ProtectedDatasetInput } from './exchange-set-builder.js';
import { createUserPermit } from './user-permit.js';

// Memory, not time: a 64 MB set (sixteen 4 MiB datasets streamed in 256 KiB chunks) is built and
// each chunk dropped as soon as it is taken; what the builder keeps while it works must stay far
// below the set's size (one chunk in flight, the catalogue's signatures, the zip's directory).
// Measured as in packages/s63's file-source-memory.test.ts: heapUsed + arrayBuffers after
// collections (the flag set at run time), sampled at every 16th chunk against a baseline before.
// Measured: 0.8 MB. A builder that held one dataset would show over 4 MiB, the set 64 MB; the bound is 3 MB.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const inUse = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
async function settle(): Promise<void> {
  let last = Infinity;
  for (let round = 0; round < 50; round++) {
    gc();
    await new Promise((ok) => setImmediate(ok));
    const now = inUse();
    if (now >= last) return;
    last = now;
  }
}

describe('building a protected exchange set', () => {
  it('keeps about one chunk in memory, whatever the size of the set', async () => {
    const pki = createTestPki({ dataServerName: 'Memory' });
    const identity = loadDataServerIdentity({
      schemeAdministratorCertificatePem: pki.schemeAdministrator.certificatePem,
      dataServerCertificatePem: pki.dataServer.certificatePem,
      dataServerKeyPem: pki.dataServer.privateKeyPem,
    });
    const chunk = randomBytes(256 << 10);
    const datasets: ProtectedDatasetInput[] = Array.from({ length: 16 }, (_, i) => ({
      product: 'S-101',
      fileName: `101AA00M${String(i).padStart(4, '0')}.000`,
      edition: 1,
      update: 0,
      issueDate: '2026-03-01',
      // Each chunk a fresh copy, as a file stream would give.
      data: async function* () {
        for (let n = 0; n < 16; n++) yield new Uint8Array(chunk);
      },
    }));
    const hwId = '0F1E2D3C4B5A69788796A5B4C3D2E1F0';
    const chunks = generateProtectedExchangeSet({
      datasets,
      device: { hwId, userPermit: createUserPermit({ hwId, mKey: 'C3A5E1F00D1E5EA5C3A5E1F00D1E5EA5', mId: 'CR0101' }) },
      dataServer: { identity, name: 'Memory', identifier: 'ME' },
    });
    await settle();
    const baseline = inUse();
    let peak = 0;
    let size = 0;
    let taken = 0;
    for (;;) {
      const next = await chunks.next();
      if (next.done) break;
      size += next.value.length;
      if (++taken % 16 === 0) {
        await settle();
        peak = Math.max(peak, inUse() - baseline);
      }
    }
    expect(size).toBeGreaterThan(64 << 20);
    expect(peak).toBeLessThan(3 << 20);
  });
});
