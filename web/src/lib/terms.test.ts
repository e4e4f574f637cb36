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
});
