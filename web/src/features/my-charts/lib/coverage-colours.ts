import { coverageOnlyBelowZoom } from '@chartroom/contracts/map';
import type { CellStatus } from '@chartroom/contracts/my-charts';

// The colours of the My charts map, its legend and its badges (and of the journey that counts them
// on the canvas): no relative imports, so the browser journeys can read it too.

export type CoverageStatus = CellStatus | 'not-licensed';
export const coverageStatuses: readonly CoverageStatus[] = ['current', 'update-available', 'not-on-board', 'expired', 'not-licensed'];

/** At chart scales, one colour per status (the legend and the table's badges read the same). */
export const statusColours: Record<CoverageStatus, string> = {
  current: '#2f9e44',
  'update-available': '#f08c00',
  'not-on-board': '#1c7ed6',
  expired: '#e03131',
  'not-licensed': '#9c36b5',
};

/** The badge colour (Mantine's names) of each status, next to the same hue on the map. */
export const statusBadgeColours: Record<CoverageStatus, string> = {
  current: 'green',
  'update-available': 'orange',
  'not-on-board': 'blue',
  expired: 'red',
  'not-licensed': 'grape',
};

/**
 * Below 1:5,000,000 (the zoom where tiles carry only coverage) the home page's "download colours":
 * what is on board, whatever its version, against what is not.
 */
export const downloadColours = { onBoard: '#0ca678', notOnBoard: '#868e96' } as const;
export type DownloadState = keyof typeof downloadColours;
export const downloadStateOf = (status: CoverageStatus): DownloadState =>
  status === 'current' || status === 'update-available' ? 'onBoard' : 'notOnBoard';

/** The zoom below which the coverage is drawn in download colours. */
export const downloadColoursBelowZoom = coverageOnlyBelowZoom;

export const routeColours = { line: '#1a1b1e', corridor: '#4dabf7', gap: '#e8590c' } as const;
