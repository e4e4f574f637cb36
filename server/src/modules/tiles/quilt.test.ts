import { describe, expect, it } from 'vitest';
import { quiltShares, rankCells, type QuiltCell } from './quilt.js';
import { tileOf } from './tiles.test-helper.js';

/** A cell of band 4 whose coverage is the box w,s,e,n. */
function cell(name: string, [w, s, e, n]: [number, number, number, number], edition = 1): QuiltCell {
  const ring = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ];
  return { name, band: 4, edition, issueDate: null, coverage: [[ring]], bbox: [w, s, e, n] };
}

describe('quilt shares', () => {
  // Tile z12 around 10.05 E 54.03 N (10.02–10.11 E); the best cell covers its western third.
  const { x, y } = tileOf(10.05, 54.03, 12);
  const half: [number, number, number, number] = [9.9, 53.9, 10.05, 54.2];

  it('gives nothing to a cell whose coverage in the tile lies inside better cells: copies of one area are drawn once', () => {
    const best = cell('XX4BEST', half, 2);
    const copies = Array.from({ length: 5 }, (_, i) => cell(`XX4COPY${i}`, half));
    const inside = cell('XX4INSID', [10.025, 54.0, 10.04, 54.05]);
    const beyond = cell('XX4BEYON', [9.9, 53.9, 10.08, 54.2]);
    const ranked = rankCells([...copies, inside, beyond, best], 12);
    expect(ranked[0]!.name).toBe('XX4BEST');
    const kinds = quiltShares(ranked, 12, x, y).map((share) => share.kind);
    const shares = new Map(ranked.map((c, i) => [c.name, kinds[i]]));
    expect(shares.get('XX4BEST')).toBe('all');
    for (let i = 0; i < 5; i++) expect(shares.get(`XX4COPY${i}`)).toBe('none');
    expect(shares.get('XX4INSID')).toBe('none');
    // Reaching past the better cells' coverage, it draws there.
    expect(shares.get('XX4BEYON')).toBe('clip');
  });

  it('leaves nothing to any cell once the tile is covered', () => {
    const whole = cell('XX4WHOLE', [9.5, 53.5, 10.5, 54.5], 2);
    const other = cell('XX4OTHER', [9.9, 53.9, 10.2, 54.2]);
    expect(quiltShares([whole, other], 12, x, y).map((s) => s.kind)).toEqual(['all', 'none']);
  });
});
