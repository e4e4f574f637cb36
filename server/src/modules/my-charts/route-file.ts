import { routePointsMax } from '@chartroom/contracts/my-charts';
import { childOf, childrenOf, parseXml, type XmlElement } from '@chartroom/s100/xml';
import { AppError, fieldProblem } from '../../errors.js';

// A route as a mariner's planning tool writes it: GPX 1.0/1.1 (a route's rtept, else a track's
// trkpt, else the waypoints in order) or RTZ (IEC 61174: route/waypoints/waypoint/position). The
// XML is read by the same small parser as S-100 catalogues (saxes): a DOCTYPE, and so any entity
// declaration, is refused, so no external entity is ever fetched or expanded.

export type LonLat = [number, number];

const notARoute = (what: string, reason: string) =>
  new AppError('unsupported_file', `The route is not GPX or RTZ: ${what}`, {
    params: { file: 'route', reason },
    details: [fieldProblem('body.file', what, reason)],
  });

function pointOf(el: XmlElement, index: number): LonLat {
  const lat = Number(el.attributes.lat);
  const lon = Number(el.attributes.lon);
  const ok = el.attributes.lat?.trim() && el.attributes.lon?.trim() && Number.isFinite(lat) && Number.isFinite(lon);
  if (!ok || Math.abs(lat) > 90 || Math.abs(lon) > 180)
    throw new AppError('validation', `Route point ${index + 1} has no valid lat/lon`, [
      fieldProblem('body.file', `point ${index + 1}: lat must be -90..90 and lon -180..180`, 'invalid_point'),
    ]);
  return [lon, lat];
}

function gpxPoints(root: XmlElement): XmlElement[] {
  const route = childrenOf(root, 'rte').find((r) => childrenOf(r, 'rtept').length > 0);
  if (route) return childrenOf(route, 'rtept');
  const track = childrenOf(root, 'trk').find((t) => childrenOf(t, 'trkseg').some((s) => childrenOf(s, 'trkpt').length > 0));
  if (track) return childrenOf(track, 'trkseg').flatMap((s) => childrenOf(s, 'trkpt'));
  return childrenOf(root, 'wpt');
}

function rtzPoints(root: XmlElement): XmlElement[] {
  return childrenOf(childOf(root, 'waypoints'), 'waypoint').map((w, i) => {
    const position = childOf(w, 'position');
    if (!position)
      throw new AppError('validation', `RTZ waypoint ${i + 1} has no position`, [
        fieldProblem('body.file', `waypoint ${i + 1} has no position`, 'invalid_point'),
      ]);
    return position;
  });
}

/** The route's points as [lon, lat], in order, with repeated consecutive points dropped. */
export function readRouteFile(bytes: Uint8Array): LonLat[] {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  if (!/^\s*</.test(text)) throw notARoute('it is not XML', 'not_xml');
  let root: XmlElement;
  try {
    root = parseXml(text, 'The route');
  } catch (err) {
    throw notARoute(err instanceof Error ? err.message : 'not well-formed XML', 'not_xml');
  }
  let elements: XmlElement[];
  if (root.name === 'gpx') elements = gpxPoints(root);
  else if (root.name === 'route' && childOf(root, 'waypoints')) elements = rtzPoints(root);
  else throw notARoute(`its root element is <${root.name.slice(0, 50)}>, not <gpx> or an RTZ <route>`, 'not_route');
  if (elements.length > routePointsMax)
    throw new AppError('validation', `The route has ${elements.length} points; at most ${routePointsMax} are read`, [
      fieldProblem('body.file', `at most ${routePointsMax} points`, 'too_big', { maximum: routePointsMax }),
    ]);
  const points: LonLat[] = [];
  elements.forEach((el, i) => {
    const p = pointOf(el, i);
    const last = points.at(-1);
    if (!last || last[0] !== p[0] || last[1] !== p[1]) points.push(p);
  });
  if (points.length < 2)
    throw new AppError('validation', `A route needs at least 2 distinct points; this one has ${points.length}`, [
      fieldProblem('body.file', 'a route needs at least 2 points', 'too_small', { minimum: 2 }),
    ]);
  return points;
}
