import { describe, expect, it } from 'vitest';
import { updatesResult, type EntitledCell } from '@chartroom/contracts/device-api';
import { updatesAnswerJson } from './updates-answer.js';

describe("the update check's answer", () => {
  const cells: EntitledCell[] = [
    { name: 'XX5DEMO1', edition: 2, update: 3, issueDate: '2026-11-20', bbox: [-76.5, 38.9, -76.4, 39], band: 5 },
    { name: 'XX4DEMO2', edition: 1, update: 0, issueDate: null, bbox: null, band: null },
  ];

  it('is the JSON the route schema writes, byte for byte, from a fresh or a shared (frozen) list', () => {
    const serverTime = '2026-11-26T16:40:00.000Z';
    const expected = JSON.stringify(updatesResult.parse({ serverTime, cells }));
    expect(updatesAnswerJson({ serverTime, cells })).toBe(expected);
    const shared = Object.freeze(cells.map((c) => Object.freeze({ ...c })));
    expect(updatesAnswerJson({ serverTime, cells: shared as EntitledCell[] })).toBe(expected);
    // The shared list's JSON is kept; the time is the request's own.
    const later = '2026-11-26T16:41:00.000Z';
    expect(updatesAnswerJson({ serverTime: later, cells: shared as EntitledCell[] })).toBe(
      JSON.stringify(updatesResult.parse({ serverTime: later, cells })),
    );
    expect(updatesAnswerJson({ serverTime, cells: [] })).toBe(`{"serverTime":"${serverTime}","cells":[]}`);
  });

  it('writes the other kinds after the cells, as the schema does, when the answer has them', () => {
    const serverTime = '2026-11-27T10:00:00.000Z';
    const answer = {
      serverTime,
      cells: [],
      ntms: [{ id: 1, geocontentId: 2, filename: 'n.pdf', size: 10, description: null, addDate: serverTime }],
      poiReleases: [{ id: 3, geocontentId: 2, itemsCount: 4, timestamp: serverTime }],
      navMessages: [
        {
          id: 5,
          geocontentId: 2,
          text: 'Buoy',
          lat: 1.5,
          lng: 2.5,
          createdAt: serverTime,
          images: [{ id: 6, mimetype: 'image/png', size: 99 }],
        },
      ],
      rawDepthFiles: [],
    };
    expect(updatesAnswerJson(answer)).toBe(JSON.stringify(updatesResult.parse(answer)));
    expect(() => updatesAnswerJson({ ...answer, ntms: [{ ...answer.ntms[0]!, size: 'big' as unknown as number }] })).toThrow();
  });

  it('still checks every cell against the schema', () => {
    const bad = [{ ...cells[0]!, edition: 1.5 }];
    expect(() => updatesAnswerJson({ serverTime: 'now', cells: bad })).toThrow();
  });
});
