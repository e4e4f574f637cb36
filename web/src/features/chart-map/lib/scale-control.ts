import type { ControlPosition, IControl, Map as MapLibreMap } from 'maplibre-gl';

// The map's scale bar in nautical miles, written in the page's language: MapLibre's own control
// writes "0.2" and one unit word whatever the number, where Russian writes "0,2 мили", "5 миль".

const METRES_PER_MILE = 1852;

/** The largest "round" distance (1, 2, 3, 5 × a power of ten) not above `value`, as MapLibre picks it. */
export function roundScaleDistance(value: number): number {
  if (!(value > 0)) return 0;
  const pow10 = 10 ** Math.floor(Math.log10(value));
  const d = value / pow10;
  const step = d >= 10 ? 10 : d >= 5 ? 5 : d >= 3 ? 3 : d >= 2 ? 2 : 1;
  // Floating point: 0.2 is 2 × 0.1000…01.
  return Number((pow10 * step).toPrecision(6));
}

/** A scale bar of at most `maxWidth` pixels; `format` writes a distance in miles with its unit. */
export class NauticalScaleControl implements IControl {
  private map: MapLibreMap | null = null;
  private readonly bar = document.createElement('div');

  constructor(
    private readonly format: (miles: number) => string,
    private readonly maxWidth = 100,
  ) {
    this.bar.className = 'maplibregl-ctrl maplibregl-ctrl-scale';
    this.bar.dataset.testid = 'map-scale';
  }

  onAdd(map: MapLibreMap): HTMLElement {
    this.map = map;
    map.on('move', this.update);
    this.update();
    return this.bar;
  }

  onRemove(): void {
    this.map?.off('move', this.update);
    this.bar.remove();
    this.map = null;
  }

  getDefaultPosition(): ControlPosition {
    return 'bottom-left';
  }

  private readonly update = () => {
    const map = this.map;
    if (!map) return;
    const y = map.getContainer().clientHeight / 2;
    const miles = map.unproject([0, y]).distanceTo(map.unproject([this.maxWidth, y])) / METRES_PER_MILE;
    const shown = roundScaleDistance(miles);
    if (!shown) return;
    this.bar.style.width = `${Math.round((this.maxWidth * shown) / miles)}px`;
    this.bar.textContent = this.format(shown);
  };
}
