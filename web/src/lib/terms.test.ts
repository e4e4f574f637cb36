import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// One term per concept: the Russian pages say АИС and ИМ (извещения мореплавателям), never the
// English abbreviations that crept into a column header once.
const ruDir = join(__dirname, '../../public/locales/ru');
const englishTerms = [/\bAIS\b/, /\bNTM\b/, /\bNav messages\b/i, /\bRaw depths?\b/i];

describe('Russian terms', () => {
  it('uses the Russian abbreviation of each concept in every namespace', () => {
    const offenders: string[] = [];
    for (const name of readdirSync(ruDir)) {
      const text = readFileSync(join(ruDir, name), 'utf8');
      for (const term of englishTerms) if (term.test(text)) offenders.push(`${name}: ${String(term)}`);
    }
    expect(offenders).toEqual([]);
  });

  it('names navigation messages, NTM, POI and AIS the same in the catalogue and the product columns', () => {
    for (const locale of ['en', 'ru']) {
      const dir = join(__dirname, `../../public/locales/${locale}`);
      const catalog = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8')) as { ais: string; sections: Record<string, string> };
      const licensing = JSON.parse(readFileSync(join(dir, 'licensing.json'), 'utf8')) as { products: { flags: Record<string, string> } };
      expect(catalog.sections.msg, locale).toBe(licensing.products.flags.navMsg);
      expect(catalog.sections.ntm, locale).toBe(licensing.products.flags.ntm);
      expect(catalog.sections.poi, locale).toBe(licensing.products.flags.poi);
      expect(catalog.ais, locale).toBe(licensing.products.flags.ais);
    }
  });
});
