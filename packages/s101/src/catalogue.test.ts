import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { attributeObject } from './attributes.js';
import { readFeatureCatalogue } from './catalogue.js';
import { S101Error } from './errors.js';
import { readFeatureCatalogueFile } from './node.js';
import { parseXml } from './xml.js';

const SMALL = `<?xml version="1.0" encoding="utf-8"?>
<!-- a catalogue in the shape of S-100 Part 5 -->
<S100FC:S100_FC_FeatureCatalogue xmlns:S100FC="http://www.iho.int/S100FC/5.0" xmlns:S100Base="http://www.iho.int/S100Base/5.0">
  <S100FC:name>Test &amp; Trial</S100FC:name>
  <S100FC:versionNumber>0.1</S100FC:versionNumber>
  <S100FC:productId>S-101</S100FC:productId>
  <S100FC:S100_FC_SimpleAttributes>
    <S100FC:S100_FC_SimpleAttribute>
      <S100FC:name>Depth Range Minimum Value</S100FC:name>
      <S100FC:code>depthRangeMinimumValue</S100FC:code>
      <S100FC:alias>DRVAL1</S100FC:alias>
      <S100FC:valueType>real</S100FC:valueType>
      <S100FC:uom><S100Base:name>metre</S100Base:name><S100Base:symbol>m</S100Base:symbol></S100FC:uom>
    </S100FC:S100_FC_SimpleAttribute>
    <S100FC:S100_FC_SimpleAttribute>
      <S100FC:name>Colour</S100FC:name>
      <S100FC:code>colour</S100FC:code>
      <S100FC:valueType>enumeration</S100FC:valueType>
      <S100FC:listedValues>
        <S100FC:listedValue><S100FC:label>White</S100FC:label><S100FC:code>1</S100FC:code></S100FC:listedValue>
        <S100FC:listedValue><S100FC:label>Red</S100FC:label><S100FC:code>3</S100FC:code></S100FC:listedValue>
      </S100FC:listedValues>
    </S100FC:S100_FC_SimpleAttribute>
    <S100FC:S100_FC_SimpleAttribute><S100FC:name>Radar Conspicuous</S100FC:name><S100FC:code>radarConspicuous</S100FC:code><S100FC:valueType>boolean</S100FC:valueType></S100FC:S100_FC_SimpleAttribute>
  </S100FC:S100_FC_SimpleAttributes>
  <S100FC:S100_FC_ComplexAttributes>
    <S100FC:S100_FC_ComplexAttribute>
      <S100FC:name>Feature Name</S100FC:name>
      <S100FC:code>featureName</S100FC:code>
      <S100FC:subAttributeBinding><S100FC:attribute ref="name"/></S100FC:subAttributeBinding>
    </S100FC:S100_FC_ComplexAttribute>
  </S100FC:S100_FC_ComplexAttributes>
  <S100FC:S100_FC_FeatureTypes>
    <S100FC:S100_FC_FeatureType isAbstract="false"><S100FC:name>Depth Area</S100FC:name><S100FC:definition><![CDATA[Water <area>]]></S100FC:definition><S100FC:code>DepthArea</S100FC:code><S100FC:alias>DEPARE</S100FC:alias></S100FC:S100_FC_FeatureType>
  </S100FC:S100_FC_FeatureTypes>
</S100FC:S100_FC_FeatureCatalogue>`;

describe('feature catalogue', () => {
  it('reads names, aliases, value types, units and listed values', () => {
    const fc = readFeatureCatalogue(SMALL);
    expect([fc.name, fc.productId, fc.version]).toEqual(['Test & Trial', 'S-101', '0.1']);
    expect(fc.featureType('DepthArea')).toEqual({ code: 'DepthArea', name: 'Depth Area', definition: 'Water <area>', aliases: ['DEPARE'] });
    expect(fc.attribute('depthRangeMinimumValue')).toMatchObject({
      valueType: 'real',
      unit: { name: 'metre', symbol: 'm' },
      aliases: ['DRVAL1'],
    });
    expect([...fc.attribute('colour')!.listedValues]).toEqual([
      [1, 'White'],
      [3, 'Red'],
    ]);
    expect(fc.attribute('featureName')).toMatchObject({ valueType: 'complex', subAttributes: ['name'] });
  });

  it('types attribute values by it', () => {
    const fc = readFeatureCatalogue(SMALL);
    const attrs = [
      { code: 'depthRangeMinimumValue', index: 1, parent: 0, instruction: 1, value: '5.5' },
      { code: 'colour', index: 1, parent: 0, instruction: 1, value: '1' },
      { code: 'colour', index: 2, parent: 0, instruction: 1, value: '3' },
      { code: 'radarConspicuous', index: 1, parent: 0, instruction: 1, value: '1' },
      { code: 'featureName', index: 1, parent: 0, instruction: 1, value: '' },
      { code: 'name', index: 1, parent: 5, instruction: 1, value: 'Île' },
    ];
    expect(attributeObject(attrs, { catalogue: fc })).toEqual({
      depthRangeMinimumValue: 5.5,
      colour: [1, 3],
      radarConspicuous: true,
      featureName: { name: 'Île' },
    });
    expect(attributeObject(attrs)).toEqual({
      depthRangeMinimumValue: '5.5',
      colour: ['1', '3'],
      radarConspicuous: '1',
      featureName: { name: 'Île' },
    });
  });

  it('refuses what is not a feature catalogue', () => {
    const code = (xml: string): string => {
      try {
        readFeatureCatalogue(xml);
      } catch (e) {
        expect(e).toBeInstanceOf(S101Error);
        return (e as S101Error).code + ': ' + (e as S101Error).message;
      }
      return 'no error';
    };
    expect(code('<a><b></a>')).toMatch(/not_catalogue: not a feature catalogue: end tag <\/a> does not close <b>/);
    expect(code('<?xml version="1.0"?><S100XC:S100_ExchangeCatalogue xmlns:S100XC="x"/>')).toMatch(
      /root element is <S100_ExchangeCatalogue>/,
    );
    expect(code('not xml at all')).toMatch(/not_catalogue/);
  });

  it('parses entities, character references, attributes with either quote and self-closing elements', () => {
    const el = parseXml(`<r a='1' b="x&gt;y"><c>&#x41;&#66;&apos;</c><d/></r>`);
    expect(el.attributes).toEqual({ a: '1', b: 'x>y' });
    expect(el.children.map((c) => [c.name, c.text])).toEqual([
      ['c', "AB'"],
      ['d', ''],
    ]);
  });
});

describe.skipIf(!hasTestdata)('corpus: the S-101 Feature Catalogue 1.1.0', () => {
  it('has every feature type, attribute and information type the corpus datasets use', () => {
    const fc = readFeatureCatalogueFile(testdataPath('s101/S-101_FC_1.1.0_20230202.xml'));
    expect([fc.productId, fc.version]).toEqual(['S-101', '1.1.0']);
    expect(fc.featureTypes()).toHaveLength(185);
    expect(fc.featureType('LightSectored')).toMatchObject({ name: 'Light Sectored', aliases: ['LIGHTS', 'Sector Light'] });
    expect(fc.attribute('orientationValue')).toMatchObject({ valueType: 'real', unit: { name: 'degrees', symbol: '°' } });
    expect(fc.attribute('colour')!.listedValues.get(3)).toBe('Red');
    expect(fc.informationType('SpatialQuality')?.name).toBe('Spatial Quality');
  });
});
