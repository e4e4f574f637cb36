// S-101 features as the S-57 features a chart style written for S-57 draws: the feature type as
// its S-57 object class acronym (DepthArea → DEPARE, ...), the attributes as S-57 attributes
// (depthRangeMinimumValue → DRVAL1, ...), typed as the S-57 Object Catalogue types them (I and F
// numbers; E, L, A, S text, lists comma-separated), geometry unchanged (flat, WGS 84). A sectored
// light becomes one LIGHTS feature per sector, as S-57 encodes it. Enumeration codes are carried
// over as they are: S-101's code lists keep S-57's codes. A pure function of the feature.
// Why the map draws S-101 this way: docs/decisions/0022-s101-reading-and-its-s57-view.md.
import { attributeByAcronym, longName, type FlatFeature } from '@chartroom/s57';
import type { AttributeObject, AttributeValue } from './attributes.js';
import type { S101Dataset } from './dataset.js';
import { s101Features, type FeatureOptions, type S101Feature } from './features.js';

/**
 * An S-57 class, with the attribute values the S-101 type implies (FoulGround is OBSTRN with
 * CATOBS 7), and the class a line takes when S-57 has one class for lines and another for areas.
 */
export interface S57Class {
  acronym: string;
  implied?: Record<string, string>;
  lineAcronym?: string;
}

const c = (acronym: string, implied?: Record<string, string>): S57Class => (implied ? { acronym, implied } : { acronym });

/** S-101 feature type → S-57 object class (the S-57 aliases of the S-101 Feature Catalogue). */
export const S57_CLASSES: Readonly<Record<string, S57Class>> = {
  // Meta features
  DataCoverage: c('M_COVR', { CATCOV: '1' }),
  QualityOfNonBathymetricData: c('M_ACCY'),
  NavigationalSystemOfMarks: c('M_NSYS'),
  LocalDirectionOfBuoyage: c('M_NSYS'),
  QualityOfBathymetricData: c('M_QUAL'),
  SoundingDatum: c('M_SDAT'),
  VerticalDatumOfData: c('M_VDAT'),
  QualityOfSurvey: c('M_SREL'),
  InformationArea: c('M_NPUB'),
  // Depths and the sea floor
  DepthArea: c('DEPARE'),
  DredgedArea: c('DRGARE'),
  SweptArea: c('SWPARE'),
  UnsurveyedArea: c('UNSARE'),
  DepthContour: c('DEPCNT'),
  Sounding: c('SOUNDG'),
  DepthNoBottomFound: c('SOUNDG', { QUASOU: '5' }),
  SeabedArea: c('SBDARE'),
  WeedKelp: c('WEDKLP'),
  Seagrass: c('WEDKLP', { CATWED: '3' }),
  Sandwave: c('SNDWAV'),
  Spring: c('SPRING'),
  UnderwaterAwashRock: c('UWTROC'),
  Wreck: c('WRECKS'),
  Obstruction: c('OBSTRN'),
  FoulGround: c('OBSTRN', { CATOBS: '7' }),
  DiscolouredWater: c('CTNARE'),
  // Land and the coast
  Coastline: c('COALNE'),
  LandArea: c('LNDARE'),
  LandElevation: c('LNDELV'),
  LandRegion: c('LNDRGN'),
  River: c('RIVERS'),
  Rapids: c('RAPIDS'),
  Waterfall: c('WATFAL'),
  Lake: c('LAKARE'),
  Vegetation: c('VEGATN'),
  IceArea: c('ICEARE'),
  SlopingGround: c('SLOGRD'),
  SlopeTopline: c('SLOTOP'),
  Tideway: c('TIDEWY'),
  BuiltUpArea: c('BUAARE'),
  Building: c('BUISGL'),
  AirportAirfield: c('AIRARE'),
  Runway: c('RUNWAY'),
  Bridge: c('BRIDGE'),
  SpanFixed: c('BRIDGE'),
  SpanOpening: c('BRIDGE'),
  Conveyor: c('CONVYR'),
  CableOverhead: c('CBLOHD'),
  PipelineOverhead: c('PIPOHD'),
  PylonBridgeSupport: c('PYLONS'),
  FenceWall: c('FNCLNE'),
  Railway: c('RAILWY'),
  Road: c('ROADWY'),
  Tunnel: c('TUNNEL'),
  Landmark: c('LNDMRK'),
  WindTurbine: c('LNDMRK', { CATLMK: '19' }),
  SiloTank: c('SILTNK'),
  FortifiedStructure: c('FORSTC'),
  ProductionStorageArea: c('PRDARE'),
  Checkpoint: c('CHKPNT'),
  // Ports
  Hulk: c('HULKES'),
  Pile: c('PILPNT'),
  Dyke: c('DYKCON'),
  ShorelineConstruction: c('SLCONS'),
  Causeway: c('CAUSWY'),
  Canal: c('CANALS'),
  DistanceMark: c('DISMAR'),
  Gate: c('GATCON'),
  Dam: c('DAMCON'),
  Crane: c('CRANES'),
  Berth: c('BERTHS'),
  MooringWarpingFacility: c('MORFAC'),
  DryDock: c('DRYDOC'),
  FloatingDock: c('FLODOC'),
  Pontoon: c('PONTON'),
  DockArea: c('DOCARE'),
  Gridiron: c('GRIDRN'),
  LockBasin: c('LOKBSN'),
  HarbourFacility: c('HRBFAC'),
  SmallCraftFacility: c('SMCFAC'),
  // Water
  SeaAreaNamedWaterArea: c('SEAARE'),
  TidalStreamFloodEbb: c('TS_FEB'),
  CurrentNonGravitational: c('CURENT'),
  WaterTurbulence: c('WATTUR'),
  TidalStreamPanelData: c('TS_PAD'),
  // Offshore
  FishingFacility: c('FSHFAC'),
  MarineFarmCulture: c('MARCUL'),
  OffshorePlatform: c('OFSPLF'),
  CableSubmarine: c('CBLSUB'),
  CableArea: c('CBLARE'),
  PipelineSubmarineOnLand: c('PIPSOL'),
  SubmarinePipelineArea: c('PIPARE'),
  OffshoreProductionArea: c('OSPARE'),
  // Routes and traffic
  NavigationLine: c('NAVLNE'),
  RecommendedTrack: c('RECTRC'),
  Fairway: c('FAIRWY'),
  RecommendedRouteCentreline: c('RCRTCL'),
  TwoWayRoutePart: c('TWRTPT'),
  RecommendedTrafficLanePart: c('RCTLPT'),
  DeepWaterRouteCentreline: c('DWRTCL'),
  DeepWaterRoutePart: c('DWRTPT'),
  InshoreTrafficZone: c('ISTZNE'),
  PrecautionaryArea: c('PRCARE'),
  TrafficSeparationSchemeLanePart: c('TSSLPT'),
  SeparationZoneOrLine: { acronym: 'TSEZNE', lineAcronym: 'TSELNE' },
  TrafficSeparationSchemeBoundary: c('TSSBND'),
  TrafficSeparationSchemeCrossing: c('TSSCRS'),
  TrafficSeparationSchemeRoundabout: c('TSSRON'),
  ArchipelagicSeaLaneArea: c('ARCSLN'),
  ArchipelagicSeaLaneAxis: c('ASLXIS'),
  RadioCallingInPoint: c('RDOCAL'),
  FerryRoute: c('FERYRT'),
  RadarLine: c('RADLNE'),
  RadarRange: c('RADRNG'),
  RadarStation: c('RADSTA'),
  // Areas and limits
  AnchorageArea: c('ACHARE'),
  AnchorBerth: c('ACHBRT'),
  SeaplaneLandingArea: c('SPLARE'),
  DumpingGround: c('DMPGRD'),
  MilitaryPracticeArea: c('MIPARE'),
  AdministrationArea: c('ADMARE'),
  CargoTranshipmentArea: c('CTSARE'),
  CautionArea: c('CTNARE'),
  ContiguousZone: c('CONZNE'),
  ContinentalShelfArea: c('COSARE'),
  CustomZone: c('CUSZNE'),
  ExclusiveEconomicZone: c('EXEZNE'),
  FisheryZone: c('FSHZNE'),
  FishingGround: c('FSHGRD'),
  FreePortArea: c('FRPARE'),
  HarbourAreaAdministrative: c('HRBARE'),
  LogPond: c('LOGPON'),
  OilBarrier: c('OILBAR'),
  StraightTerritorialSeaBaseline: c('STSLNE'),
  TerritorialSeaArea: c('TESARE'),
  SubmarineTransitLane: c('SUBTLN'),
  RestrictedAreaNavigational: c('RESARE'),
  RestrictedAreaRegulatory: c('RESARE'),
  VesselTrafficServiceArea: c('ADMARE'),
  MagneticVariation: c('MAGVAR'),
  LocalMagneticAnomaly: c('LOCMAG'),
  // Aids to navigation
  LightAllAround: c('LIGHTS'),
  LightSectored: c('LIGHTS'),
  LightAirObstruction: c('LIGHTS'),
  BuoyLateral: c('BOYLAT'),
  BuoyCardinal: c('BOYCAR'),
  BuoyIsolatedDanger: c('BOYISD'),
  BuoySafeWater: c('BOYSAW'),
  BuoySpecialPurposeGeneral: c('BOYSPP'),
  BuoyInstallation: c('BOYINB'),
  BeaconLateral: c('BCNLAT'),
  BeaconCardinal: c('BCNCAR'),
  BeaconIsolatedDanger: c('BCNISD'),
  BeaconSafeWater: c('BCNSAW'),
  BeaconSpecialPurposeGeneral: c('BCNSPP'),
  Daymark: c('DAYMAR'),
  LightFloat: c('LITFLT'),
  LightVessel: c('LITVES'),
  Retroreflector: c('RETRFL'),
  RadarReflector: c('RADRFL'),
  FogSignal: c('FOGSIG'),
  RadioStation: c('RDOSTA'),
  RadarTransponderBeacon: c('RTPBCN'),
  PilotBoardingPlace: c('PILBOP'),
  CoastGuardStation: c('CGUSTA'),
  SignalStationWarning: c('SISTAW'),
  SignalStationTraffic: c('SISTAT'),
  RescueStation: c('RSCSTA'),
};

/**
 * S-101 simple attribute → S-57 attribute, where the S-57 attribute is the same quantity with the
 * same codes (the S-57 aliases of the S-101 Feature Catalogue, where it names one).
 */
export const S57_ATTRIBUTES: Readonly<Record<string, string>> = {
  beaconShape: 'BCNSHP',
  buildingShape: 'BUISHP',
  buoyShape: 'BOYSHP',
  buriedDepth: 'BURDEP',
  callSign: 'CALSGN',
  categoryOfAirportAirfield: 'CATAIR',
  categoryOfAnchorage: 'CATACH',
  categoryOfBridge: 'CATBRG',
  categoryOfBuiltUpArea: 'CATBUA',
  categoryOfCable: 'CATCBL',
  categoryOfCanal: 'CATCAN',
  categoryOfCardinalMark: 'CATCAM',
  categoryOfCheckpoint: 'CATCHP',
  categoryOfCoastline: 'CATCOA',
  categoryOfConveyor: 'CATCON',
  categoryOfCrane: 'CATCRN',
  categoryOfDam: 'CATDAM',
  categoryOfDock: 'CATDOC',
  categoryOfDumpingGround: 'CATDPG',
  categoryOfFence: 'CATFNC',
  categoryOfFerry: 'CATFRY',
  categoryOfFishingFacility: 'CATFIF',
  categoryOfFogSignal: 'CATFOG',
  categoryOfFortifiedStructure: 'CATFOR',
  categoryOfGate: 'CATGAT',
  categoryOfHarbourFacility: 'CATHAF',
  categoryOfHulk: 'CATHLK',
  categoryOfIce: 'CATICE',
  categoryOfInstallationBuoy: 'CATINB',
  categoryOfLandRegion: 'CATLND',
  categoryOfLandmark: 'CATLMK',
  categoryOfLateralMark: 'CATLAM',
  categoryOfLight: 'CATLIT',
  categoryOfMarineFarmCulture: 'CATMFA',
  categoryOfMilitaryPracticeArea: 'CATMPA',
  categoryOfMooringWarpingFacility: 'CATMOR',
  categoryOfNavigationLine: 'CATNAV',
  categoryOfObstruction: 'CATOBS',
  categoryOfOffshorePlatform: 'CATOFP',
  categoryOfPile: 'CATPLE',
  categoryOfPilotBoardingPlace: 'CATPIL',
  categoryOfPipelinePipe: 'CATPIP',
  categoryOfPylon: 'CATPYL',
  categoryOfRadarStation: 'CATRAS',
  categoryOfRadarTransponderBeacon: 'CATRTB',
  categoryOfRadioStation: 'CATROS',
  categoryOfRescueStation: 'CATRSC',
  categoryOfRestrictedArea: 'CATREA',
  categoryOfRoad: 'CATROD',
  categoryOfRunway: 'CATRUN',
  categoryOfSeaArea: 'CATSEA',
  categoryOfShorelineConstruction: 'CATSLC',
  categoryOfSignalStationTraffic: 'CATSIT',
  categoryOfSignalStationWarning: 'CATSIW',
  categoryOfSiloTank: 'CATSIL',
  categoryOfSlope: 'CATSLO',
  categoryOfSmallCraftFacility: 'CATSCF',
  categoryOfSpecialPurposeMark: 'CATSPM',
  categoryOfTidalStream: 'CAT_TS',
  categoryOfVegetation: 'CATVEG',
  categoryOfWaterTurbulence: 'CATWAT',
  categoryOfWeedKelp: 'CATWED',
  categoryOfWreck: 'CATWRK',
  categoryOfZoneOfConfidenceInData: 'CATZOC',
  colour: 'COLOUR',
  colourPattern: 'COLPAT',
  communicationChannel: 'COMCHA',
  condition: 'CONDTN',
  depthRangeMaximumValue: 'DRVAL2',
  depthRangeMinimumValue: 'DRVAL1',
  elevation: 'ELEVAT',
  estimatedRangeOfTransmission: 'ESTRNG',
  exhibitionConditionOfLight: 'EXCLIT',
  expositionOfSounding: 'EXPSOU',
  fileReference: 'TXTDSC',
  function: 'FUNCTN',
  height: 'HEIGHT',
  horizontalClearanceValue: 'HORCLR',
  horizontalLength: 'HORLEN',
  horizontalWidth: 'HORWID',
  jurisdiction: 'JRSDTN',
  lightCharacteristic: 'LITCHR',
  lightVisibility: 'LITVIS',
  magneticAnomalyValue: 'VALLMA',
  marksNavigationalSystemOf: 'MARSYS',
  nationality: 'NATION',
  natureOfConstruction: 'NATCON',
  natureOfSurface: 'NATSUR',
  natureOfSurfaceQualifyingTerms: 'NATQUA',
  orientationValue: 'ORIENT',
  pictorialRepresentation: 'PICREP',
  product: 'PRODCT',
  qualityOfHorizontalMeasurement: 'QUAPOS',
  qualityOfVerticalMeasurement: 'QUASOU',
  radarConspicuous: 'CONRAD',
  radius: 'RADIUS',
  restriction: 'RESTRN',
  scaleMinimum: 'SCAMIN',
  signalFrequency: 'SIGFRQ',
  signalGeneration: 'SIGGEN',
  signalGroup: 'SIGGRP',
  signalPeriod: 'SIGPER',
  status: 'STATUS',
  surveyAuthority: 'SURATH',
  surveyType: 'SURTYP',
  techniqueOfVerticalMeasurement: 'TECSOU',
  topmarkDaymarkShape: 'TOPSHP',
  trafficFlow: 'TRAFIC',
  valueOfAnnualChangeInMagneticVariation: 'VALACM',
  valueOfDepthContour: 'VALDCO',
  valueOfMagneticVariation: 'VALMAG',
  valueOfMaximumRange: 'VALMXR',
  valueOfNominalRange: 'VALNMR',
  valueOfSounding: 'VALSOU',
  verticalDatum: 'VERDAT',
  verticalLength: 'VERLEN',
  visualProminence: 'CONVIS',
  waterLevelEffect: 'WATLEV',
};

/** Complex attributes whose one value is an S-57 attribute of their own (vertical clearances, uncertainties). */
const COMPLEX_VALUES: Readonly<Record<string, [sub: string, acronym: string]>> = {
  verticalClearanceFixed: ['verticalClearanceValue', 'VERCLR'],
  verticalClearanceClosed: ['verticalClearanceValue', 'VERCCL'],
  verticalClearanceOpen: ['verticalClearanceValue', 'VERCOP'],
  verticalClearanceSafe: ['verticalClearanceValue', 'VERCSA'],
  horizontalPositionUncertainty: ['uncertaintyFixed', 'POSACC'],
  verticalUncertainty: ['uncertaintyFixed', 'VERACC'],
  information: ['text', 'INFORM'],
};

/** Complex attributes that belong to an S-57 object of their own (a topmark is TOPMAR): not flattened. */
const SEPARATE = new Set(['topmark', 'sectorCharacteristics']);

/** The S-57 class of an S-101 feature type (of an area, or a point), or undefined when S-57 has none. */
export function s57ClassOf(type: string): string | undefined {
  return S57_CLASSES[type]?.acronym;
}

function list(v: AttributeValue | undefined): AttributeValue[] {
  return v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
}

function isObject(v: AttributeValue | undefined): v is AttributeObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** An S-57 attribute value typed as the S-57 Object Catalogue types it; null when there is nothing to give. */
function s57Value(acronym: string, values: AttributeValue[]): string | number | null {
  const simple = values.filter((v): v is string | number | boolean => v !== null && typeof v !== 'object');
  if (simple.length === 0) return null;
  const type = attributeByAcronym(acronym)?.type;
  const text = simple.map((v) => (typeof v === 'boolean' ? (v ? '1' : '2') : String(v)));
  if (type === 'I' || type === 'F') {
    const n = Number(text[0]);
    return Number.isFinite(n) ? n : null;
  }
  return type === 'L' ? text.join(',') : text[0]!;
}

/** The name to show: the featureName marked for display (displayName true or nameUsage 1), else the first. */
function objectName(v: AttributeValue | undefined): string | null {
  const names = list(v).filter(isObject);
  const shown = names.find((n) => n.displayName === true || n.displayName === '1' || n.nameUsage === '1' || n.nameUsage === 1) ?? names[0];
  const name = shown?.name;
  return typeof name === 'string' && name.trim() !== '' ? name : null;
}

/** The S-57 attributes of an S-101 attribute object (simple attributes, named complex values, featureName). */
function s57Attributes(attrs: AttributeObject, out: Record<string, string | number>): void {
  for (const [code, value] of Object.entries(attrs)) {
    if (code === 'featureName') {
      const name = objectName(value);
      if (name !== null && out.OBJNAM === undefined) out.OBJNAM = name;
      continue;
    }
    const complex = COMPLEX_VALUES[code];
    if (complex) {
      const inner = list(value).filter(isObject)[0];
      const v = inner ? s57Value(complex[1], list(inner[complex[0]])) : null;
      if (v !== null && out[complex[1]] === undefined) out[complex[1]] = v;
      continue;
    }
    const acronym = S57_ATTRIBUTES[code];
    if (acronym) {
      const v = s57Value(acronym, list(value));
      if (v !== null && out[acronym] === undefined) out[acronym] = v;
      continue;
    }
    // Other complex attributes (rhythmOfLight, zoneOfConfidence, surveyDateRange ...): their parts.
    if (!SEPARATE.has(code)) for (const inner of list(value).filter(isObject)) s57Attributes(inner, out);
  }
}

/** One LIGHTS feature per sector of a sectored light (S-57 encodes each sector as a LIGHTS object). */
function lightSectors(base: Record<string, string | number>, attrs: AttributeObject): Record<string, string | number>[] {
  const out: Record<string, string | number>[] = [];
  for (const characteristics of list(attrs.sectorCharacteristics).filter(isObject)) {
    const common = { ...base };
    const { lightSector, ...rest } = characteristics;
    s57Attributes(rest, common);
    for (const sector of list(lightSector).filter(isObject)) {
      const props = { ...common };
      const { sectorLimit, ...own } = sector;
      for (const k of ['COLOUR', 'VALNMR', 'ORIENT']) delete props[k];
      s57Attributes(own, props);
      const limits = list(sectorLimit).filter(isObject)[0];
      const bearing = (part: string): number | null => {
        const limit = limits ? list(limits[part]).filter(isObject)[0] : undefined;
        return limit ? (s57Value('SECTR1', list(limit.sectorBearing)) as number | null) : null;
      };
      const one = bearing('sectorLimitOne'),
        two = bearing('sectorLimitTwo');
      if (one !== null) props.SECTR1 = one;
      if (two !== null) props.SECTR2 = two;
      out.push(props);
    }
  }
  return out;
}

/**
 * An S-101 feature as S-57 features (see the file comment): properties `layer` (the acronym),
 * `RCID`, `LNAM` (from FOID, as @chartroom/s57 writes it) and the S-57 attributes; none when S-57
 * has no class for its type or it has no geometry.
 */
export function toS57Features(f: S101Feature): FlatFeature[] {
  const cls = S57_CLASSES[f.type];
  if (!cls || !f.geometry) return [];
  const isLine = f.geometry.type === 'LineString' || f.geometry.type === 'MultiLineString';
  const props: Record<string, string | number> = { layer: (isLine && cls.lineAcronym) || cls.acronym, RCID: f.rcid };
  if (f.foid) props.LNAM = longName(f.foid.agen, f.foid.fidn, f.foid.fids);
  s57Attributes(f.attributes, props);
  if (props.SCAMIN === undefined && f.scaleMinimum !== null) props.SCAMIN = f.scaleMinimum;
  for (const [k, v] of Object.entries(cls.implied ?? {})) props[k] ??= s57Value(k, [v]) ?? v;
  if (f.type === 'LightSectored') {
    const sectors = lightSectors(props, f.attributes);
    if (sectors.length > 0) return sectors.map((p) => ({ geometry: f.geometry, properties: p }));
  }
  return [{ geometry: f.geometry, properties: props }];
}

/**
 * The dataset's features as S-57 features, one at a time (see `toS57Features`): the flat form the
 * map's tile index takes from @chartroom/s57's `flatFeatures`. `types` selects S-101 feature types.
 */
export function* s57FlatFeatures(ds: S101Dataset, opts: Omit<FeatureOptions, 'catalogue'> = {}): Generator<FlatFeature> {
  const types = opts.types ?? Object.keys(S57_CLASSES);
  for (const f of s101Features(ds, { ...opts, types })) yield* toS57Features(f);
}
