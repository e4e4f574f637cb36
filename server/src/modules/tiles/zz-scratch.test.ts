import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { readCellIndex } from '@chartroom/s57';
import { testdataPath } from '../../../../test/testdata.js';
import { buildCellTileIndex, tileFeaturesNear, VT_OPTIONS } from './cell-tile-index.js';
import { geoJSONGeometry } from '@chartroom/s57';
import { geojsonvt } from './geojson-vt.js';
import { encodeMvt, type MvtFeature } from './mvt-encode.js';
import { cleanTileFeature } from './tile-clean.js';
import { LAYER_TAG } from './cell-features.js';

it('stats', () => {
  const md81 = (ext: string) => readFileSync(testdataPath('s57/noaa-US4MD81M', `US4MD81M.${ext}`));
  const us = readCellIndex(md81('000'), ['001', '002', '003'].map((e) => ({ bytes: md81(e), fileName: `US4MD81M.${e}` })));
  const idx = buildCellTileIndex(us, { cell: 'US4MD81M', band: 4, edition: 31, update: 3 });
  {
    const hist: Record<string, Record<string, number>> = {};
    for (const f of tileFeaturesNear(us, { cell: 'US4MD81M', band: 4, edition: 31, update: 3 })) {
      const l = String(f.properties[LAYER_TAG]);
      if (!['LIGHTS', 'BOYLAT', 'BCNLAT', 'BCNSPP', 'BOYSPP', 'SOUNDG', 'DEPCNT'].includes(l)) continue;
      const mz = String(f.properties.minzoom ?? 'none');
      (hist[l] ??= {})[mz] = ((hist[l] ??= {})[mz] ?? 0) + 1;
    }
    console.log('minzoom', JSON.stringify(hist));
  }
  {
    const feats = [...tileFeaturesNear(us, { cell: 'US4MD81M', band: 4, edition: 31, update: 3 })];
    const count = (tol: number) => {
      const ix = geojsonvt({ type: 'FeatureCollection', features: feats.map((f) => ({ type: 'Feature', geometry: f.geometry && geoJSONGeometry(f.geometry), properties: f.properties })) } as never, { ...VT_OPTIONS, tolerance: tol });
      const out: number[] = [];
      for (const [z, x, y] of [[7, 36, 49], [9, 147, 196], [12, 1178, 1571]]) out.push(JSON.stringify(ix.getTile(z!, x!, y!)?.features ?? []).length);
      return out;
    };
    console.log('json size tol 3', count(3), 'tol 0', count(0));
  }
  for (const [z, x, y] of [[7, 36, 49], [9, 147, 196], [12, 1178, 1571]] as const) {
    const feats = (idx.index.getTile(z, x, y)?.features ?? []) as unknown as MvtFeature[];
    const per: Record<string, { n: number; v: number; vOut: number; dropped: number; bytes: number }> = {};
    let t0 = performance.now();
    for (const f of feats) {
      const l = String(f.tags[LAYER_TAG]);
      const s = (per[l] ??= { n: 0, v: 0, vOut: 0, dropped: 0, bytes: 0 });
      s.n++;
      const cnt = (g: unknown): number => (Array.isArray(g) && typeof g[0] === 'number' ? 1 : (g as unknown[]).reduce<number>((a, b) => a + cnt(b), 0));
      s.v += cnt(f.geometry);
      const c = cleanTileFeature(f);
      if (!c) s.dropped++;
      else s.vOut += cnt(c.geometry);
    }
    const cleanMs = performance.now() - t0;
    for (const l of Object.keys(per)) {
      per[l]!.bytes = encodeMvt(new Map([[l, feats.filter((f) => f.tags[LAYER_TAG] === l)]]), 4096).length;
    }
    t0 = performance.now();
    const m = new Map<string, MvtFeature[]>();
    for (const f of feats) { const l = String(f.tags[LAYER_TAG]); (m.get(l) ?? m.set(l, []).get(l)!).push(f); }
    const total = encodeMvt(m, 4096).length;
    const hidden: Record<string, number> = {};
    let hiddenBytes = 0;
    for (const f of feats) if (typeof f.tags.minzoom === 'number' && f.tags.minzoom >= z + 1) { const l = String(f.tags[LAYER_TAG]); hidden[l] = (hidden[l] ?? 0) + 1; }
    const m2 = new Map<string, MvtFeature[]>();
    for (const f of feats) { if (typeof f.tags.minzoom === 'number' && f.tags.minzoom >= z + 1) continue; const l = String(f.tags[LAYER_TAG]); (m2.get(l) ?? m2.set(l, []).get(l)!).push(f); }
    hiddenBytes = encodeMvt(m2, 4096).length;
    console.log('hidden by SCAMIN', JSON.stringify(hidden), 'size without them', hiddenBytes);
    console.log(z, x, y, 'features', feats.length, 'total', total, 'cleanMs', cleanMs.toFixed(0), 'encodeMs', (performance.now() - t0).toFixed(0));
    console.log(Object.entries(per).sort((a, b) => b[1].bytes - a[1].bytes).map(([l, s]) => `${l} n=${s.n} v=${s.v}->${s.vOut} drop=${s.dropped} bytes=${s.bytes}`).join('\n'));
  }
}, 120000);
