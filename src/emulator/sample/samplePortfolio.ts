import type { DigitalTwin, Relationship } from '../../core/api/types';
import { sampleModelId, type SampleModelName } from './sampleModels';
import { SeededRandom } from './seededRandom';

/** What a telemetry point measures; drives the shape of its generated time series. */
export type CapabilityKind =
  | 'roomTemperature'
  | 'supplyAirTemperature'
  | 'chilledWaterTemperature'
  | 'co2'
  | 'occupancy'
  | 'energy'
  | 'zoneSetpoint';

export type TwinRole = 'building' | 'level' | 'room' | 'zone' | 'vav' | 'ahu' | 'chiller' | 'meter' | 'capability';

export interface CapabilityInfo {
  twinId: string;
  externalId: string;
  connectorId: string;
  kind: CapabilityKind;
  /** Hours ahead of UTC at the site, so daily cycles follow local time. */
  utcOffsetHours: number;
  /** Size of the space the point belongs to (people), for occupancy, CO2 and energy. */
  capacity: number;
  /** True for the points of scale-generated sites: they get a light, hourly series. */
  light: boolean;
}

export interface PortfolioEntry {
  twin: DigitalTwin;
  /** Code of the site the twin belongs to (`HP`, `RL`, then `S003`… for generated sites). */
  siteCode: string;
  role: TwinRole;
  /** The containing space (isPartOf / locatedIn target), if any. */
  locationId?: string;
  relationships: Relationship[];
  capability?: CapabilityInfo;
}

interface RoomSpec {
  suffix: string;
  name: string;
  type: string;
  capacity: number;
  area: number;
}

interface SiteSpec {
  code: string;
  name: string;
  buildingType: string;
  yearBuilt: number;
  address: { street: string; city: string; postalCode: string; country: string };
  geoLocation: { latitude: number; longitude: number };
  timeZone: string;
  utcOffsetHours: number;
  levels: number;
  rooms: RoomSpec[];
  light: boolean;
}

const OFFICE_FLOOR: RoomSpec[] = [
  { suffix: 'R01', name: 'Open office North', type: 'office', capacity: 40, area: 420 },
  { suffix: 'R02', name: 'Open office South', type: 'office', capacity: 36, area: 380 },
  { suffix: 'R03', name: 'Meeting room 1', type: 'meetingRoom', capacity: 10, area: 30 },
  { suffix: 'R04', name: 'Meeting room 2', type: 'meetingRoom', capacity: 6, area: 20 },
  { suffix: 'R05', name: 'Kitchen', type: 'kitchen', capacity: 12, area: 35 },
  { suffix: 'R06', name: 'Restroom', type: 'restroom', capacity: 0, area: 25 },
];

const LAB_FLOOR: RoomSpec[] = [
  { suffix: 'R01', name: 'Laboratory A', type: 'laboratory', capacity: 12, area: 150 },
  { suffix: 'R02', name: 'Laboratory B', type: 'laboratory', capacity: 10, area: 140 },
  { suffix: 'R03', name: 'Write-up office', type: 'office', capacity: 20, area: 200 },
  { suffix: 'R04', name: 'Meeting room', type: 'meetingRoom', capacity: 8, area: 25 },
  { suffix: 'R05', name: 'Restroom', type: 'restroom', capacity: 0, area: 20 },
];

const SCALED_FLOOR: RoomSpec[] = [
  ...['R01', 'R02', 'R03', 'R04', 'R05', 'R06'].map((suffix, i) => ({
    suffix,
    name: `Office ${i + 1}`,
    type: 'office',
    capacity: 8,
    area: 90,
  })),
  { suffix: 'R07', name: 'Meeting room 1', type: 'meetingRoom', capacity: 8, area: 25 },
  { suffix: 'R08', name: 'Meeting room 2', type: 'meetingRoom', capacity: 12, area: 35 },
  { suffix: 'R09', name: 'Kitchen', type: 'kitchen', capacity: 10, area: 30 },
  { suffix: 'R10', name: 'Restroom', type: 'restroom', capacity: 0, area: 25 },
];

/** The two hand-laid sites every sample has. */
export const BASE_SITES: readonly SiteSpec[] = [
  {
    code: 'HP',
    name: 'Harbour Point',
    buildingType: 'office',
    yearBuilt: 2009,
    address: { street: '1 Wharf Lane', city: 'Sydney', postalCode: '2000', country: 'Australia' },
    geoLocation: { latitude: -33.8615, longitude: 151.2055 },
    timeZone: 'Australia/Sydney',
    utcOffsetHours: 11,
    levels: 5,
    rooms: OFFICE_FLOOR,
    light: false,
  },
  {
    code: 'RL',
    name: 'Riverside Labs',
    buildingType: 'laboratory',
    yearBuilt: 2016,
    address: { street: '12 Quay Road', city: 'Cambridge', postalCode: 'CB4 1AA', country: 'United Kingdom' },
    geoLocation: { latitude: 52.2145, longitude: 0.1322 },
    timeZone: 'Europe/London',
    utcOffsetHours: 0,
    levels: 3,
    rooms: LAB_FLOOR,
    light: false,
  },
];

function scaledSite(index: number, random: SeededRandom): SiteSpec {
  const code = `S${String(index + 1).padStart(3, '0')}`;
  return {
    code,
    name: `Site ${code.slice(1)}`,
    buildingType: random.pick(['office', 'retail', 'mixedUse', 'residential']),
    yearBuilt: random.int(1975, 2022),
    address: {
      street: `${random.int(1, 400)} Commerce Street`,
      city: 'Springfield',
      postalCode: String(random.int(10000, 99999)),
      country: 'United States',
    },
    geoLocation: {
      latitude: Number(random.between(30, 45).toFixed(4)),
      longitude: Number(random.between(-120, -75).toFixed(4)),
    },
    timeZone: 'America/Chicago',
    utcOffsetHours: -6,
    levels: 8,
    rooms: SCALED_FLOOR,
    light: true,
  };
}

const modelIds = new Map<SampleModelName, string>();
/** One shared id string per model (100,000 twins share a handful). */
function modelIdOf(name: SampleModelName): string {
  let id = modelIds.get(name);
  if (!id) modelIds.set(name, (id = sampleModelId(name)));
  return id;
}

const SENSED_ROOM_TYPES = new Set(['office', 'meetingRoom', 'laboratory', 'lobby', 'kitchen']);
const OCCUPIED_ROOM_TYPES = new Set(['office', 'meetingRoom', 'laboratory', 'lobby']);

interface CapabilitySpec {
  suffix: string;
  model: SampleModelName;
  kind: CapabilityKind;
  name: string;
  unit: string;
  contents: Record<string, unknown>;
}

const CAPABILITIES: Record<CapabilityKind, CapabilitySpec> = {
  roomTemperature: {
    suffix: 'TEMP',
    model: 'TemperatureSensor',
    kind: 'roomTemperature',
    name: 'Zone air temperature',
    unit: 'degC',
    contents: { sensorLocation: 'room', minValue: 5, maxValue: 40 },
  },
  supplyAirTemperature: {
    suffix: 'SAT',
    model: 'TemperatureSensor',
    kind: 'supplyAirTemperature',
    name: 'Supply air temperature',
    unit: 'degC',
    contents: { sensorLocation: 'supplyAir', minValue: 5, maxValue: 45 },
  },
  chilledWaterTemperature: {
    suffix: 'CHWST',
    model: 'TemperatureSensor',
    kind: 'chilledWaterTemperature',
    name: 'Chilled water supply temperature',
    unit: 'degC',
    contents: { sensorLocation: 'chilledWaterSupply', minValue: 2, maxValue: 20 },
  },
  co2: {
    suffix: 'CO2',
    model: 'Co2Sensor',
    kind: 'co2',
    name: 'CO2 concentration',
    unit: 'ppm',
    contents: { minValue: 350, maxValue: 5000 },
  },
  occupancy: {
    suffix: 'OCC',
    model: 'OccupancySensor',
    kind: 'occupancy',
    name: 'People count',
    unit: 'people',
    contents: { detectionType: 'camera', minValue: 0, maxValue: 500 },
  },
  energy: {
    suffix: 'KWH',
    model: 'EnergySensor',
    kind: 'energy',
    name: 'Active energy',
    unit: 'kWh',
    contents: { minValue: 0, maxValue: 100000 },
  },
  zoneSetpoint: {
    suffix: 'TSP',
    model: 'TemperatureSetpoint',
    kind: 'zoneSetpoint',
    name: 'Zone temperature setpoint',
    unit: 'degC',
    contents: { deadband: 1 },
  },
};

/**
 * Generates one site's twins in dependency order: every relationship points to a twin yielded
 * earlier, so a consumer may stop at any point and still hold a consistent graph.
 */
function* siteEntries(
  site: SiteSpec,
  random: SeededRandom,
  lastUpdate: () => string,
): Generator<Omit<PortfolioEntry, 'siteCode'>> {
  const siteID = random.uuid();
  const twin = (id: string, model: SampleModelName, contents: Record<string, unknown>): DigitalTwin => {
    contents.siteID = siteID;
    return { id, modelId: modelIdOf(model), lastUpdateTime: lastUpdate(), contents };
  };
  const rel = (sourceId: string, name: string, targetId: string, properties?: Record<string, unknown>): Relationship =>
    properties ? { sourceId, name, targetId, properties } : { sourceId, name, targetId };
  const equipment = () => ({
    serialNumber: random.token(10, '0123456789ABCDEFGHJKLMNPRSTUVWXYZ'),
    installationDate: `${random.int(site.yearBuilt, 2024)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
  });
  const capability = (
    hostId: string,
    hostName: string,
    kind: CapabilityKind,
    of: string,
    hostedBy: string | undefined,
    capacity: number,
  ): Omit<PortfolioEntry, 'siteCode'> => {
    const spec = CAPABILITIES[kind];
    const externalId = `PNT${random.token(22)}`;
    const id = `${hostId}-${spec.suffix}`;
    const relationships = [rel(id, 'isCapabilityOf', of)];
    if (hostedBy) relationships.push(rel(id, 'hostedBy', hostedBy));
    const connectorId = kind === 'energy' ? `CON-${site.code}-EMS` : `CON-${site.code}-BMS`;
    return {
      twin: twin(id, spec.model, {
        name: `${hostName} ${spec.name}`,
        externalID: externalId,
        unit: spec.unit,
        trendInterval: site.light ? 3600 : 900,
        ...spec.contents,
      }),
      role: 'capability',
      relationships,
      capability: {
        twinId: id,
        externalId,
        connectorId,
        kind,
        utcOffsetHours: site.utcOffsetHours,
        capacity,
        light: site.light,
      },
    };
  };

  const buildingId = `BLD-${site.code}`;
  yield {
    role: 'building',
    relationships: [],
    twin: twin(buildingId, 'Building', {
      name: site.name,
      code: site.code,
      buildingType: site.buildingType,
      yearBuilt: site.yearBuilt,
      address: site.address,
      geoLocation: site.geoLocation,
      timeZone: site.timeZone,
      area: site.levels * site.rooms.reduce((sum, room) => sum + room.area, 0) * 1.25,
    }),
  };
  const mainMeterId = `${site.code}-MTR-MAIN`;
  yield {
    role: 'meter',
    locationId: buildingId,
    relationships: [rel(mainMeterId, 'locatedIn', buildingId), rel(mainMeterId, 'serves', buildingId)],
    twin: twin(mainMeterId, 'ElectricMeter', {
      name: `${site.name} main meter`,
      meterRole: 'main',
      ratedVoltage: 400,
      manufacturer: 'Voltaris',
      model: 'VX-900',
      ...equipment(),
    }),
  };
  yield capability(
    mainMeterId,
    `${site.name} main meter`,
    'energy',
    mainMeterId,
    undefined,
    site.levels * site.rooms.reduce((sum, r) => sum + r.capacity, 0),
  );

  const ahuId = `${site.code}-AHU-1`;
  for (let level = 1; level <= site.levels; level++) {
    const levelCode = `L${String(level).padStart(2, '0')}`;
    const levelId = `${site.code}-${levelCode}`;
    const levelName = `Level ${level}`;
    yield {
      role: 'level',
      locationId: buildingId,
      relationships: [rel(levelId, 'isPartOf', buildingId)],
      twin: twin(levelId, 'Level', {
        name: levelName,
        code: levelCode,
        levelNumber: level,
        elevation: (level - 1) * 3.6,
        area: site.rooms.reduce((sum, r) => sum + r.area, 0) * 1.2,
      }),
    };
    if (level === 1) {
      const plantId = `${levelId}-PLANT`;
      yield {
        role: 'room',
        locationId: levelId,
        relationships: [rel(plantId, 'isPartOf', levelId)],
        twin: twin(plantId, 'Room', {
          name: 'Plant room',
          code: 'PLANT',
          roomType: 'plantRoom',
          capacity: 0,
          area: 80,
        }),
      };
      const chillerId = `${site.code}-CH-1`;
      yield {
        role: 'chiller',
        locationId: plantId,
        relationships: [rel(chillerId, 'locatedIn', plantId)],
        twin: twin(chillerId, 'Chiller', {
          name: 'Chiller 1',
          manufacturer: 'Frostline',
          model: 'FL-450',
          coolingCapacity: site.light ? 350 : 450,
          refrigerant: random.pick(['R134a', 'R1234ze', 'R513A']),
          ...equipment(),
        }),
      };
      yield capability(chillerId, 'Chiller 1', 'chilledWaterTemperature', chillerId, chillerId, 0);
      yield {
        role: 'ahu',
        locationId: plantId,
        relationships: [
          rel(ahuId, 'locatedIn', plantId),
          rel(ahuId, 'isFedBy', chillerId, { substance: 'ChilledWater' }),
          rel(ahuId, 'serves', buildingId),
        ],
        twin: twin(ahuId, 'AirHandlingUnit', {
          name: 'Air handling unit 1',
          manufacturer: 'Aerodyne',
          model: 'AD-12',
          nominalAirflow: 12.5,
          fanCount: 2,
          ...equipment(),
        }),
      };
      yield capability(ahuId, 'Air handling unit 1', 'supplyAirTemperature', ahuId, ahuId, 0);
    }
    const meterId = `${levelId}-MTR`;
    const levelCapacity = site.rooms.reduce((sum, r) => sum + r.capacity, 0);
    yield {
      role: 'meter',
      locationId: levelId,
      relationships: [
        rel(meterId, 'locatedIn', levelId),
        rel(meterId, 'serves', levelId),
        rel(meterId, 'subMeterOf', mainMeterId),
        rel(meterId, 'isFedBy', mainMeterId, { substance: 'Electricity' }),
      ],
      twin: twin(meterId, 'ElectricMeter', {
        name: `${levelName} sub-meter`,
        meterRole: 'sub',
        ratedVoltage: 400,
        manufacturer: 'Voltaris',
        model: 'VX-200',
        ...equipment(),
      }),
    };
    yield capability(meterId, `${levelName} sub-meter`, 'energy', meterId, undefined, levelCapacity);

    const vavIds: string[] = [];
    for (const [index, zone] of [
      ['North', 'perimeter'],
      ['South', 'interior'],
    ].entries()) {
      const zoneId = `${levelId}-ZN${index + 1}`;
      const vavId = `${levelId}-VAV${index + 1}`;
      const zoneName = `${levelName} ${zone[0]} zone`;
      yield {
        role: 'zone',
        locationId: levelId,
        relationships: [rel(zoneId, 'isPartOf', levelId)],
        twin: twin(zoneId, 'HVACZone', { name: zoneName, code: `ZN${index + 1}`, zoneType: zone[1] }),
      };
      yield {
        role: 'vav',
        locationId: levelId,
        relationships: [
          rel(vavId, 'locatedIn', levelId),
          rel(vavId, 'serves', zoneId),
          rel(vavId, 'isFedBy', ahuId, { substance: 'SupplyAir' }),
        ],
        twin: twin(vavId, 'VAVBox', {
          name: `${levelName} VAV ${index + 1}`,
          manufacturer: 'Aerodyne',
          model: 'VT-8',
          maxAirflow: 600,
          minAirflow: 120,
          hasReheat: index === 0,
          ...equipment(),
        }),
      };
      yield capability(zoneId, zoneName, 'zoneSetpoint', zoneId, vavId, 0);
      vavIds.push(vavId);
    }
    for (const [index, room] of site.rooms.entries()) {
      const roomId = `${levelId}-${room.suffix}`;
      const isLobby = level === 1 && index === 0 && site.buildingType === 'office' && !site.light;
      const spec = isLobby ? { ...room, name: 'Lobby', type: 'lobby', capacity: 20, area: 300 } : room;
      const roomName = `${levelName} ${spec.name}`;
      yield {
        role: 'room',
        locationId: levelId,
        relationships: [rel(roomId, 'isPartOf', levelId)],
        twin: twin(roomId, 'Room', {
          name: roomName,
          code: room.suffix,
          roomType: spec.type,
          capacity: spec.capacity,
          area: spec.area,
        }),
      };
      if (!SENSED_ROOM_TYPES.has(spec.type)) continue;
      const vavId = vavIds[index % vavIds.length];
      yield capability(roomId, roomName, 'roomTemperature', roomId, vavId, spec.capacity);
      // Generated sites stay light: only meeting rooms get more than a temperature point.
      if (!OCCUPIED_ROOM_TYPES.has(spec.type) || (site.light && spec.type !== 'meetingRoom')) continue;
      yield capability(roomId, roomName, 'occupancy', roomId, undefined, spec.capacity);
      yield capability(roomId, roomName, 'co2', roomId, undefined, spec.capacity);
    }
  }
}

/**
 * The sample portfolio: the two base sites, then generated sites until `targetTwins` twins exist
 * (cut exactly at that count; the cut never leaves a relationship pointing to a missing twin).
 */
export function* portfolioEntries(seed: number, now: number, targetTwins = 0): Generator<PortfolioEntry> {
  const random = SeededRandom.derive(seed, 'portfolio');
  const updates = SeededRandom.derive(seed, 'lastUpdate');
  // A pool of update times (1 to 45 days back, whole minutes): formatting one date per twin is costly at 100k twins.
  const pool = Array.from({ length: 997 }, () =>
    new Date(now - Math.floor(updates.between(1, 45) * 1440) * 60_000).toISOString(),
  );
  const lastUpdate = () => pool[Math.floor(updates.next() * pool.length)];
  let count = 0;
  for (const site of BASE_SITES) {
    for (const entry of siteEntries(site, random, lastUpdate)) {
      count++;
      yield Object.assign(entry, { siteCode: site.code });
    }
  }
  for (let index = BASE_SITES.length; count < targetTwins; index++) {
    const site = scaledSite(index, random);
    for (const entry of siteEntries(site, random, lastUpdate)) {
      if (count >= targetTwins) return;
      count++;
      yield Object.assign(entry, { siteCode: site.code });
    }
  }
}
