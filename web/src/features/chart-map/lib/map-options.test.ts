import { describe, expect, it } from 'vitest';
import { buildTileUrls, chooseStartView, chooseViewOfPoints } from './map-options';

describe('map options', () => {
  it('keeps the tile placeholders, escapes the task id and pins the collection version', () => {
    expect(buildTileUrls('a b', '7-3', 'http://127.0.0.1:8080')).toEqual({
      tiles: 'http://127.0.0.1:8080/tiles/{z}/{x}/{y}.pbf?taskId=a%20b&v=7-3',
      s102: 'http://127.0.0.1:8080/tiles/s102/{z}/{x}/{y}.png?taskId=a%20b&v=7-3',
    });
    expect(buildTileUrls('t', null, 'http://127.0.0.1:8080').tiles).toBe('http://127.0.0.1:8080/tiles/{z}/{x}/{y}.pbf?taskId=t');
  });

  it('opens at the task start (zoom 15), else the collection, else the world at the minimum zoom', () => {
    expect(chooseStartView({ start: { lon: -76.4, lat: 38.9, zoom: 15 }, bbox: [-77, 38, -76, 39] })).toEqual({
      center: [-76.4, 38.9],
      zoom: 15,
    });
    expect(chooseStartView({ start: null, bbox: [-77, 38, -76, 39] })).toEqual({ bounds: [-77, 38, -76, 39] });
    expect(chooseStartView({ start: null, bbox: null })).toEqual({ center: [0, 30], zoom: 3 });
  });

  it('fits the editor to its points and charts, and one lone point to its harbour', () => {
    expect(
      chooseViewOfPoints(
        [
          { lng: 10, lat: 54 },
          { lng: 11, lat: 55 },
        ],
        null,
      ),
    ).toEqual({ bounds: [10, 54, 11, 55] });
    expect(chooseViewOfPoints([{ lng: 10, lat: 54 }], [9, 53, 10.5, 54.5])).toEqual({ bounds: [9, 53, 10.5, 54.5] });
    expect(chooseViewOfPoints([{ lng: 10, lat: 54 }], null)).toEqual({ center: [10, 54], zoom: 13 });
  });

  it('opens over the charts when the points lie across an ocean from them', () => {
    const charts: [number, number, number, number] = [10.0, 54.0, 10.1, 54.06];
    const annapolis = [
      { lng: -76.48, lat: 38.97 },
      { lng: -76.44, lat: 38.9 },
    ];
    expect(chooseViewOfPoints(annapolis, charts)).toEqual({ bounds: charts });
    expect(chooseViewOfPoints([...annapolis, { lng: 10.3, lat: 54.2 }], charts)).toEqual({ bounds: [10.0, 54.0, 10.3, 54.2] });
  });
});
