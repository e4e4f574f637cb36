import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasTestdata, testdataPath } from '../../../test/testdata.js';
import { parsePermitFile, permitsForCell, writePermitFile } from './permit-file.js';

describe.skipIf(!hasTestdata)('test-kit PERMIT.TXT', () => {
  it('parses date, version and both :ENC records', () => {
    const file = parsePermitFile(readFileSync(testdataPath('s63/PERMIT.TXT'), 'latin1'));
    expect([file.date, file.time, file.version]).toEqual(['20030909', '09:02', '1']);
    expect(file.enc.map((r) => [r.cellName, r.serviceLevel, r.edition, r.dataServerId, r.comment])).toEqual([
      ['NO4D0512', 0, 3, '0', ''],
      ['NO5F1615', 0, 4, '0', ''],
    ]);
    expect(file.enc[0]!.permit).toBe('NO4D051220040826F7B3814E59C84805D150D571B9BE53A637BD0B34F1F8F091');
    expect(file.ecs).toEqual([]);
    expect(file.warnings).toEqual([]);
  });
});

describe('PERMIT.TXT', () => {
  const permit = 'GB5X01NE20991231' + 'A'.repeat(48);

  it('parses records with comments containing commas, :ECS records and LF line ends', () => {
    const text = `:DATE 20240102 10:30\n:VERSION 2\n:ENC\n${permit},1,12,GB,renewal, weekly\n\n:ECS\n${permit.replace('GB', 'FR')},0,,FR,\n`;
    const file = parsePermitFile(text);
    expect(file.enc).toEqual([
      { permit, cellName: 'GB5X01NE', serviceLevel: 1, edition: 12, dataServerId: 'GB', comment: 'renewal, weekly' },
    ]);
    expect(file.ecs[0]!.cellName).toBe('FR5X01NE');
    expect(file.ecs[0]!.edition).toBeUndefined();
  });

  it('reports records outside a section and unknown sections', () => {
    const file = parsePermitFile(`${permit},0,1,GB,\n:FOO\n`);
    expect(file.warnings).toEqual(['line 1: record outside :ENC/:ECS', 'line 2: unknown section :FOO']);
    expect(file.enc).toEqual([]);
  });

  it('writes what it parses (CRLF, all fields)', () => {
    const text = writePermitFile({
      date: '20240301',
      time: '08:15',
      version: '1',
      enc: [
        { permit, serviceLevel: 0, edition: 3, dataServerId: 'GB', comment: 'test' },
        { permit: 'NO4D0512' + permit.slice(8), edition: 1 },
      ],
    });
    expect(text.startsWith(':DATE 20240301 08:15\r\n:VERSION 1\r\n:ENC\r\n')).toBe(true);
    expect(text.endsWith(':ECS\r\n')).toBe(true);
    const file = parsePermitFile(text);
    expect(file.enc.map((r) => [r.cellName, r.serviceLevel, r.edition, r.dataServerId, r.comment])).toEqual([
      ['GB5X01NE', 0, 3, 'GB', 'test'],
      ['NO4D0512', 0, 1, '', ''],
    ]);
    expect(permitsForCell(file, 'no4d0512')).toHaveLength(1);
  });
});
