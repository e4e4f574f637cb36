// The S-52 colour tokens the chart style draws with, and one table of their values per palette.
// The style never names a colour: it names a token (`['global-state', 'DEPDW']`), and switching the
// palette sets the tokens' values, so no layer or tile is touched. The values are our own sRGB
// readings of the S-52 day, dusk and night tables' intent (not copied from any presentation library).

export const paletteNames = ['day', 'dusk', 'night'] as const;
export type PaletteName = (typeof paletteNames)[number];

export const colourTokens = [
  'NODTA', // no data
  'CHBLK', // black (light at dusk and night: it is the "ink" colour)
  'CHGRD', // grey, dark
  'CHGRF', // grey, faint
  'CHWHT', // white
  'CHRED',
  'CHGRN',
  'CHYLW',
  'CHMGD', // magenta, for traffic and restrictions
  'CHMGF', // magenta, faint
  'CHBRN', // brown, built-up areas
  'LANDA', // land
  'LANDF', // land features
  'CSTLN', // coastline
  'DEPIT', // intertidal (drying) area
  'DEPVS', // very shallow: shallower than the shallow contour
  'DEPMS', // medium shallow: shallower than the safety contour
  'DEPMD', // medium deep: deeper than the safety contour
  'DEPDW', // deep water: deeper than the deep contour
  'DEPCN', // depth contours
  'DEPSC', // the safety contour
  'SNDG1', // soundings deeper than the safety depth
  'SNDG2', // soundings shallower than the safety depth
  'LITRD',
  'LITGN',
  'LITYW', // white and yellow lights
  'TRFCD', // traffic, restricted areas
  'RESBL', // cell boundaries and names
  // Not S-52: the coverage of each navigational band (1 Overview … 6 Berthing) at small scales.
  'BAND1',
  'BAND2',
  'BAND3',
  'BAND4',
  'BAND5',
  'BAND6',
] as const;
export type ColourToken = (typeof colourTokens)[number];
export type Palette = Record<ColourToken, string>;

const day: Palette = {
  NODTA: '#a3b4b7',
  CHBLK: '#000000',
  CHGRD: '#7d898c',
  CHGRF: '#a3b4b7',
  CHWHT: '#ffffff',
  CHRED: '#f15469',
  CHGRN: '#3fbf35',
  CHYLW: '#f4da48',
  CHMGD: '#c545c3',
  CHMGF: '#d3a6e9',
  CHBRN: '#b19139',
  LANDA: '#c9b97a',
  LANDF: '#8b661f',
  CSTLN: '#525a5c',
  DEPIT: '#83b295',
  DEPVS: '#73b6ef',
  DEPMS: '#98c5f2',
  DEPMD: '#bad5e1',
  DEPDW: '#d4eaee',
  DEPCN: '#7d898c',
  DEPSC: '#525a5c',
  SNDG1: '#7d898c',
  SNDG2: '#070707',
  LITRD: '#f15469',
  LITGN: '#3fbf35',
  LITYW: '#f4da48',
  TRFCD: '#c545c3',
  RESBL: '#3f6fb0',
  BAND1: '#8e7cc3',
  BAND2: '#4f8fd8',
  BAND3: '#3bb0a3',
  BAND4: '#7cbf3f',
  BAND5: '#e5a830',
  BAND6: '#e0603a',
};

const dusk: Palette = {
  NODTA: '#41484a',
  CHBLK: '#d4eaee',
  CHGRD: '#7d898c',
  CHGRF: '#525a5c',
  CHWHT: '#7d898c',
  CHRED: '#c43a4c',
  CHGRN: '#38a22e',
  CHYLW: '#c4ae3a',
  CHMGD: '#a23ba0',
  CHMGF: '#6a5375',
  CHBRN: '#7e6829',
  LANDA: '#48422c',
  LANDF: '#6b5218',
  CSTLN: '#7d898c',
  DEPIT: '#293d2f',
  DEPVS: '#34506c',
  DEPMS: '#263850',
  DEPMD: '#141e26',
  DEPDW: '#000000',
  DEPCN: '#525a5c',
  DEPSC: '#a3b4b7',
  SNDG1: '#7d898c',
  SNDG2: '#d4eaee',
  LITRD: '#c43a4c',
  LITGN: '#38a22e',
  LITYW: '#c4ae3a',
  TRFCD: '#a23ba0',
  RESBL: '#5a86c2',
  BAND1: '#5e5285',
  BAND2: '#335e90',
  BAND3: '#26746b',
  BAND4: '#537f2a',
  BAND5: '#98701f',
  BAND6: '#944026',
};

const night: Palette = {
  NODTA: '#151718',
  CHBLK: '#525a5c',
  CHGRD: '#292e2e',
  CHGRF: '#1e2122',
  CHWHT: '#292e2e',
  CHRED: '#501c23',
  CHGRN: '#234c1d',
  CHYLW: '#514918',
  CHMGD: '#421741',
  CHMGF: '#231b27',
  CHBRN: '#2a220d',
  LANDA: '#1a1810',
  LANDF: '#2e220a',
  CSTLN: '#3a4042',
  DEPIT: '#0e1510',
  DEPVS: '#121c26',
  DEPMS: '#0d141c',
  DEPMD: '#070a0d',
  DEPDW: '#000000',
  DEPCN: '#1f2324',
  DEPSC: '#3a4042',
  SNDG1: '#2e3435',
  SNDG2: '#5c6567',
  LITRD: '#501c23',
  LITGN: '#234c1d',
  LITYW: '#514918',
  TRFCD: '#421741',
  RESBL: '#1f3350',
  BAND1: '#2a2540',
  BAND2: '#182c44',
  BAND3: '#123632',
  BAND4: '#273c14',
  BAND5: '#48350f',
  BAND6: '#461e12',
};

export const palettes: Record<PaletteName, Palette> = { day, dusk, night };

export function isPaletteName(value: unknown): value is PaletteName {
  return (paletteNames as readonly unknown[]).includes(value);
}
