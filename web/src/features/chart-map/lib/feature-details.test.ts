import type { ObjectCatalogue } from '@chartroom/contracts/map';
import { describe, expect, it } from 'vitest';
import { describeFeature } from './feature-details';

const catalogue: ObjectCatalogue = {
  classes: { BOYLAT: 'Buoy, lateral', SOUNDG: 'Sounding' },
  attributes: {
    BOYSHP: { name: 'Buoy shape', type: 'E', values: { '1': 'conical (nun, ogival)', '2': 'can (cylindrical)' } },
    CATLAM: { name: 'Category of lateral mark', type: 'E', values: { '1': 'port-hand lateral mark', '2': 'starboard-hand lateral mark' } },
    COLOUR: { name: 'Colour', type: 'L', values: { '2': 'black', '3': 'red', '6': 'yellow' } },
    OBJNAM: { name: 'Object name', type: 'S' },
    VERLEN: { name: 'Vertical length', type: 'F', unit: 'm' },
    SCAMIN: { name: 'Scale minimum', type: 'I' },
  },
};

describe('the feature panel content', () => {
  it('names the class and decodes enumerations, lists and units from the catalogue', () => {
    const details = describeFeature(
      {
        objectClass: 'BOYLAT',
        properties: {
          OBJNAM: 'Demo 1',
          BOYSHP: 2,
          CATLAM: 1,
          COLOUR: '2,6',
          VERLEN: 3.5,
          cell: 'DE4DEMO1',
          edition: 1,
          update: 2,
          band: 4,
          minzoom: 10.2,
          SCAMIN: 22000,
        },
      },
      catalogue,
      'en',
    );
    expect(details.className).toBe('Buoy, lateral');
    expect(details.attributes[0]).toEqual({ acronym: 'OBJNAM', name: 'Object name', value: 'Demo 1' });
    expect(Object.fromEntries(details.attributes.map((a) => [a.name, a.value]))).toEqual({
      'Object name': 'Demo 1',
      'Buoy shape': 'can (cylindrical)',
      'Category of lateral mark': 'port-hand lateral mark',
      Colour: 'black, yellow',
      'Vertical length': '3.5 m',
      'Scale minimum': '1:22,000',
    });
    expect(details).toMatchObject({ cell: 'DE4DEMO1', edition: 1, update: 2 });
  });

  it('keeps what the catalogue does not know readable, and numbers in the page locale', () => {
    const details = describeFeature({ objectClass: 'XXXXXX', properties: { DEPTH: 12.5, BOYSHP: 9, cell: 'A' } }, catalogue, 'ru');
    expect(details.className).toBe('XXXXXX');
    expect(details.attributes).toEqual([
      { acronym: 'BOYSHP', name: 'Buoy shape', value: '9' },
      { acronym: 'DEPTH', name: 'DEPTH', value: '12,5' },
    ]);
    expect(details).toMatchObject({ edition: null, update: null });
  });
});
