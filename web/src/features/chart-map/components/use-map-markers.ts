import { Marker, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';

// Points the user edits on the map (the POI editor's): real buttons, so each can be reached with
// the keyboard and has a label; draggable with the mouse.

export type MapMarker = { id: number; lat: number; lng: number; label: string; isSelected: boolean };

type MarkerHandlers = {
  onSelect?: ((id: number) => void) | undefined;
  onMove?: ((id: number, at: { lng: number; lat: number }) => void) | undefined;
};

type LiveMarker = { marker: Marker; element: HTMLButtonElement; text: HTMLSpanElement; moved: boolean };

const pinPath = 'M12 34 C 8 24 2 20 2 12 A 10 10 0 1 1 22 12 C 22 20 16 24 12 34 Z';

function createMarkerElement(): { element: HTMLButtonElement; text: HTMLSpanElement } {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = 'chart-map-marker';
  element.dataset.testid = 'poi-marker';
  element.style.cssText = 'all:unset;cursor:grab;display:flex;flex-direction:column;align-items:center;';
  const text = document.createElement('span');
  text.style.cssText =
    'font:600 12px sans-serif;color:#1a1b1e;background:rgba(255,255,255,.85);padding:0 4px;border-radius:3px;white-space:nowrap;margin-bottom:2px;';
  const svgNs = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNs, 'svg');
  svg.setAttribute('width', '24');
  svg.setAttribute('height', '36');
  svg.setAttribute('viewBox', '0 0 24 36');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(svgNs, 'path');
  path.setAttribute('d', pinPath);
  path.setAttribute('stroke', 'white');
  path.setAttribute('stroke-width', '1.5');
  const dot = document.createElementNS(svgNs, 'circle');
  dot.setAttribute('cx', '12');
  dot.setAttribute('cy', '12');
  dot.setAttribute('r', '4');
  dot.setAttribute('fill', 'white');
  svg.append(path, dot);
  element.append(text, svg);
  return { element, text };
}

function paintMarker(live: LiveMarker, marker: MapMarker) {
  live.text.textContent = marker.label;
  live.element.setAttribute('aria-label', marker.label);
  live.element.setAttribute('aria-pressed', String(marker.isSelected));
  live.element.querySelector('path')?.setAttribute('fill', marker.isSelected ? '#e8590c' : '#1c7ed6');
  live.marker.setLngLat([marker.lng, marker.lat]);
}

export function useMapMarkers(map: MapLibreMap | null, markers: MapMarker[], handlers: MarkerHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  const live = useRef(new Map<number, LiveMarker>());

  useEffect(() => {
    const current = live.current;
    return () => {
      for (const m of current.values()) m.marker.remove();
      current.clear();
    };
  }, [map]);

  useEffect(() => {
    if (!map) return;
    const current = live.current;
    const wanted = new Set(markers.map((m) => m.id));
    for (const [id, m] of current) {
      if (!wanted.has(id)) {
        m.marker.remove();
        current.delete(id);
      }
    }
    for (const marker of markers) {
      let entry = current.get(marker.id);
      if (!entry) {
        const { element, text } = createMarkerElement();
        const created: LiveMarker = { marker: new Marker({ element, draggable: true, anchor: 'bottom' }), element, text, moved: false };
        const id = marker.id;
        // A click on a marker selects it; it is not a click on the map under it.
        element.addEventListener('pointerdown', () => {
          created.moved = false;
        });
        element.addEventListener('click', (event) => {
          event.stopPropagation();
          if (!created.moved) latest.current.onSelect?.(id);
        });
        created.marker.on('dragstart', () => {
          created.moved = true;
        });
        created.marker.on('dragend', () => {
          const at = created.marker.getLngLat();
          latest.current.onMove?.(id, { lng: at.lng, lat: at.lat });
        });
        created.marker.setLngLat([marker.lng, marker.lat]).addTo(map);
        current.set(id, created);
        entry = created;
      }
      paintMarker(entry, marker);
    }
  }, [map, markers]);
}
