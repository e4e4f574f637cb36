import type { RateProduct } from '@chartroom/contracts/constants';
import type { CellStatus, MyDevice } from '@chartroom/contracts/my-charts';
import { useMutation } from '@tanstack/react-query';
import type { MultiPolygon, Polygon } from 'geojson';
import { uploadWithProgress } from '../../../lib/api-client';

// `POST /api/user/route-check` (issue 37). Typed here until its schema is in packages/contracts.

export type LonLat = [number, number];

// The shapes below follow the route-check schema of the `routecheck` branch (packages/contracts
// my-charts `routeCheck`); when it is on main, parse with it instead.

export type RouteCell = {
  product: 'S-57' | 'S-101';
  name: string;
  band: number | null;
  edition: number;
  update: number;
  /** `[west, south, east, north]`. */
  bbox: [number, number, number, number];
  isLicensed: boolean;
  licenseIds: number[];
  /** Per device (by installationId) when the user holds a licence for the cell, else null. */
  status: Record<string, CellStatus> | null;
  /** Where along the route the cell is used, in nautical miles from the start. */
  fromNm: number;
  toNm: number;
  /** Every stretch the cell serves (a harbour cell may serve the way in and the way out). */
  stretches?: { fromNm: number; toNm: number }[];
};

export type RouteGap = { fromNm: number; toNm: number; points: LonLat[] };

export type RouteOfferProduct = { productId: number; productName: string; providerName: string; price: number | null; currency: string };

export type RouteOffer = { cellNames: string[]; products: RouteOfferProduct[] };

/** Exactly the body of `POST /api/app/v1/orders`: the products that hold the missing cells, for a ship on an agreement. */
export type RouteOrder = {
  installationId: number;
  paymentMethod: 'agreement';
  agreementId: number;
  items: { product: RateProduct; months: number }[];
};

export type RouteCheck = {
  route: { points: LonLat[]; lengthNm: number };
  corridorNm: number;
  corridor: Polygon | MultiPolygon;
  devices: MyDevice[];
  cells: RouteCell[];
  gaps: RouteGap[];
  offers: RouteOffer[];
  order: RouteOrder | null;
};

/** The server's answer as sent (`licensed`), renamed to the app's boolean style. */
type RouteCheckWire = Omit<RouteCheck, 'cells'> & { cells: (Omit<RouteCell, 'isLicensed'> & { licensed: boolean })[] };

export const defaultCorridorNm = 5;

/**
 * Sends a GPX or RTZ route with its corridor half-width; the answer is the cells along it. With a
 * device (any installation of it), the ready-made order is for that device when it is on an agreement.
 */
export async function checkRoute({
  file,
  corridorNm,
  installationId,
}: {
  file: File;
  corridorNm: number;
  installationId?: number | undefined;
}): Promise<RouteCheck> {
  const answer = await uploadWithProgress<RouteCheckWire>('/api/user/route-check', {
    fields: { corridorNm: String(corridorNm), installationId: installationId === undefined ? undefined : String(installationId), file },
  });
  return { ...answer, cells: answer.cells.map(({ licensed, ...cell }) => ({ ...cell, isLicensed: licensed })) };
}

export function useCheckRoute() {
  return useMutation({ mutationFn: checkRoute });
}
