import { createExpression, type StylePropertySpecification } from '@maplibre/maplibre-gl-style-spec';
import { describe, expect, it } from 'vitest';
import { iconExpression, parseCodes, parseNavaid, parseSymbolName } from './symbol-names';

/** The image name MapLibre asks for, for a feature with these attributes. */
function nameFor(kind: string, attributes: string[], properties: Record<string, unknown>): string {
  const parsed = createExpression(iconExpression(kind, attributes), 'icon-image', { type: 'string' } as StylePropertySpecification);
  if (parsed.result !== 'success') throw new Error(JSON.stringify(parsed.value));
  return String(parsed.value.evaluate({ zoom: 14 }, { type: 1, properties } as never));
}

const navaidAttributes = ['BOYSHP', 'COLOUR', 'COLPAT', 'CATCAM', 'CATLAM'];

describe('chart symbol names', () => {
  it('carry a buoy from its attributes to the parts drawn', () => {
    const name = nameFor('boy|BOYLAT', navaidAttributes, { BOYSHP: 2, COLOUR: '3', CATLAM: 1 });
    expect(name).toBe('boy|BOYLAT|2|3|||1');
    expect(parseNavaid(parseSymbolName(name))).toEqual({
      kind: 'buoy',
      objectClass: 'BOYLAT',
      shape: 2,
      colours: [3],
      isVerticalPattern: false,
      topmark: 'port',
    });
  });

  it('give cardinal marks their topmark and keep multi-coloured bands in order', () => {
    const name = nameFor('boy|BOYCAR', navaidAttributes, { BOYSHP: 4, COLOUR: '2,6', COLPAT: '1', CATCAM: 1 });
    expect(parseNavaid(parseSymbolName(name))).toMatchObject({ shape: 4, colours: [2, 6], topmark: 'north' });
    const west = nameFor('bcn|BCNCAR', ['BCNSHP', 'COLOUR', 'COLPAT', 'CATCAM', 'CATLAM'], {
      BCNSHP: 1,
      COLOUR: '6,2,6',
      COLPAT: '1',
      CATCAM: 4,
    });
    expect(parseNavaid(parseSymbolName(west))).toMatchObject({ kind: 'beacon', colours: [6, 2, 6], topmark: 'west' });
  });

  it('read list values in any separator and ignore what is not a code', () => {
    expect(parseCodes('1,3;4 11')).toEqual([1, 3, 4, 11]);
    expect(parseCodes('')).toEqual([]);
    expect(parseCodes('(2:2,6)')).toEqual([2, 6]);
    expect(parseNavaid(parseSymbolName('lit|3'))).toBeNull();
  });
});
