import { legacyInsightStatus, type InsightStatus } from '../../core/api/insightStatus';
import type { DigitalTwin, Insight } from '../../core/api/types';
import type { TwinRole } from './samplePortfolio';
import { SeededRandom } from './seededRandom';

/** Twins of the sample by role, and the specific points the telemetry gives faults to. */
export interface InsightTargets {
  byRole: ReadonlyMap<TwinRole, readonly DigitalTwin[]>;
  overheatingRooms: readonly DigitalTwin[];
  offlinePoints: readonly DigitalTwin[];
}

interface ChildTemplate {
  name: string;
  type: string;
  description: string;
}
interface InsightTemplate {
  name: string;
  type: string;
  ruleName: string;
  role: TwinRole;
  description: string;
  recommendation: string;
  /** Avoidable cost per day (USD) and energy per day (kWh) ranges. */
  cost: [number, number];
  energy: [number, number];
  children: ChildTemplate[];
}

const TEMPLATES: readonly InsightTemplate[] = [
  {
    name: 'Zone temperature above setpoint',
    type: 'comfort',
    ruleName: 'zone-air-temp-above-setpoint',
    role: 'room',
    description:
      'Zone air temperature stayed more than 2 °C above the cooling setpoint for over an hour during occupied hours.',
    recommendation: 'Check the VAV damper position and the supply air temperature of the serving air handler.',
    cost: [0, 20],
    energy: [5, 40],
    children: [
      {
        name: 'VAV damper stuck open',
        type: 'diagnostic',
        description: 'Damper command and position disagree by more than 30 %.',
      },
      {
        name: 'Supply air temperature high',
        type: 'diagnostic',
        description: 'Supply air is 2 °C above its setpoint while the zone calls for cooling.',
      },
    ],
  },
  {
    name: 'Sensor offline',
    type: 'dataQuality',
    ruleName: 'point-offline',
    role: 'capability',
    description: 'No telemetry has been received from this point for more than 6 hours.',
    recommendation: 'Check the controller and network connection that hosts the point.',
    cost: [0, 0],
    energy: [0, 0],
    children: [],
  },
  {
    name: 'Simultaneous heating and cooling',
    type: 'energy',
    ruleName: 'simultaneous-heat-cool',
    role: 'vav',
    description: 'The reheat coil was active while the air handler supplied cooled air to the same zone.',
    recommendation: 'Widen the deadband between heating and cooling setpoints and review the reheat sequence.',
    cost: [15, 90],
    energy: [60, 400],
    children: [
      {
        name: 'Reheat valve leaking',
        type: 'diagnostic',
        description: 'Discharge air is warmer than supply air with the reheat valve commanded closed.',
      },
    ],
  },
  {
    name: 'CO2 above 1000 ppm',
    type: 'wellness',
    ruleName: 'co2-above-threshold',
    role: 'room',
    description: 'CO2 concentration exceeded 1000 ppm during occupied hours.',
    recommendation: 'Increase the minimum outdoor air fraction or the zone airflow while the room is occupied.',
    cost: [0, 0],
    energy: [0, 10],
    children: [
      {
        name: 'Outdoor air damper at minimum',
        type: 'diagnostic',
        description: 'The outdoor air damper stayed at its minimum position.',
      },
    ],
  },
  {
    name: 'Chilled water supply temperature drift',
    type: 'fault',
    ruleName: 'chw-supply-temp-drift',
    role: 'chiller',
    description: 'Chilled water supply temperature drifted 1.5 °C above setpoint under steady load.',
    recommendation: 'Inspect condenser tubes and refrigerant charge.',
    cost: [40, 160],
    energy: [150, 600],
    children: [
      {
        name: 'Condenser approach temperature high',
        type: 'diagnostic',
        description: 'Condenser approach exceeds 3 °C.',
      },
      {
        name: 'Low refrigerant charge suspected',
        type: 'predictive',
        description: 'Suction pressure trend suggests a slow refrigerant leak.',
      },
      {
        name: 'Chiller efficiency below design',
        type: 'energy',
        description: 'kW per kW of cooling is 18 % above the design figure.',
      },
    ],
  },
  {
    name: 'After-hours energy use',
    type: 'energy',
    ruleName: 'after-hours-consumption',
    role: 'meter',
    description: 'Consumption outside occupied hours is more than 40 % of the daytime average.',
    recommendation: 'Review lighting and plug-load schedules for the area served by this meter.',
    cost: [10, 70],
    energy: [80, 500],
    children: [],
  },
  {
    name: 'AHU running outside schedule',
    type: 'energy',
    ruleName: 'ahu-out-of-schedule',
    role: 'ahu',
    description: 'Supply fan ran for more than 2 hours outside the occupancy schedule.',
    recommendation: 'Check the schedule override and the optimum-start settings.',
    cost: [20, 110],
    energy: [100, 700],
    children: [
      {
        name: 'Schedule override left active',
        type: 'alert',
        description: 'A manual override has been active for more than 24 hours.',
      },
    ],
  },
  {
    name: 'Setpoint overridden',
    type: 'alert',
    ruleName: 'setpoint-override',
    role: 'zone',
    description: 'The zone temperature setpoint was overridden outside the allowed band.',
    recommendation: 'Release the override and confirm the comfort band with the occupants.',
    cost: [0, 15],
    energy: [0, 60],
    children: [],
  },
  {
    name: 'Filter differential pressure high',
    type: 'fault',
    ruleName: 'filter-dp-high',
    role: 'ahu',
    description: 'Filter pressure drop exceeded 250 Pa.',
    recommendation: 'Replace the filter bank.',
    cost: [5, 30],
    energy: [20, 120],
    children: [],
  },
  {
    name: 'Excessive VAV cycling',
    type: 'diagnostic',
    ruleName: 'vav-hunting',
    role: 'vav',
    description: 'The damper reversed direction more than 40 times per hour.',
    recommendation: 'Retune the airflow loop gains.',
    cost: [0, 10],
    energy: [0, 30],
    children: [
      {
        name: 'Airflow sensor noisy',
        type: 'calibration',
        description: 'Airflow readings vary by more than 15 % at a fixed damper position.',
      },
    ],
  },
  {
    name: 'Sensor calibration drift',
    type: 'calibration',
    ruleName: 'sensor-calibration-drift',
    role: 'capability',
    description: 'The reading differs from neighbouring sensors by more than 1.5 °C.',
    recommendation: 'Recalibrate or replace the sensor.',
    cost: [0, 5],
    energy: [0, 20],
    children: [],
  },
  {
    name: 'Chiller short cycling',
    type: 'fault',
    ruleName: 'chiller-short-cycle',
    role: 'chiller',
    description: 'The chiller started more than 6 times in an hour.',
    recommendation: 'Increase the minimum run time and check the chilled water flow switch.',
    cost: [10, 60],
    energy: [30, 200],
    children: [
      {
        name: 'Low chilled water flow',
        type: 'diagnostic',
        description: 'Flow dropped below the minimum evaporator flow.',
      },
    ],
  },
  {
    name: 'Meter reading gap',
    type: 'dataQuality',
    ruleName: 'meter-gap',
    role: 'meter',
    description: 'Interval data is missing for part of the last day.',
    recommendation: 'Check the meter gateway.',
    cost: [0, 0],
    energy: [0, 0],
    children: [],
  },
  {
    name: 'Level peak demand above target',
    type: 'energyKpi',
    ruleName: 'peak-demand',
    role: 'level',
    description: 'Peak 15-minute demand was 12 % above the monthly target.',
    recommendation: 'Stagger the morning start of the air handlers.',
    cost: [25, 120],
    energy: [0, 0],
    children: [
      {
        name: 'Simultaneous equipment start',
        type: 'energy',
        description: 'Both VAV zones and the air handler started within 5 minutes.',
      },
      {
        name: 'Morning warm-up too aggressive',
        type: 'energy',
        description: 'Warm-up starts 3 hours before occupancy.',
      },
    ],
  },
];

/** Current statuses (`lastStatus`); `status` carries each one's legacy word. */
const STATUSES: readonly InsightStatus[] = ['new', 'open', 'inProgress', 'readyToResolve', 'resolved', 'ignored'];
const DAY = 86_400_000;

export interface InsightOptions {
  seed: number;
  now: number;
  /** Number of root insights; default one per template. */ roots?: number;
}

/** Root insights with children (`scenarioId` = root id), spread over the sample's twins. */
export function buildInsights(targets: InsightTargets, options: InsightOptions): Insight[] {
  const random = SeededRandom.derive(options.seed, 'insights');
  // The stored fields added later draw from their own sequence, so the ids and values above stay as they were.
  const stored = SeededRandom.derive(options.seed, 'insight-stored-fields');
  const customerId = stored.uuid();
  const rootCount = options.roots ?? TEMPLATES.length;
  const insights: Insight[] = [];
  for (let index = 0; index < rootCount; index++) {
    const template = TEMPLATES[index % TEMPLATES.length];
    const twin = chooseTwin(template, index, targets, random);
    const created = options.now - Math.floor((random.between(0.2, 30) * DAY) / 60_000) * 60_000;
    const updated = created + Math.floor((random.next() * Math.min(3 * DAY, options.now - created)) / 60_000) * 60_000;
    const status = random.pick(STATUSES);
    const root: Insight = {
      id: random.uuid(),
      scenarioId: null,
      twinId: twin.id,
      twinName: String(twin.contents?.name ?? twin.id),
      name: template.name,
      description: template.description,
      recommendation: template.recommendation,
      type: template.type,
      priority: random.int(1, 4),
      status: legacyInsightStatus(status),
      lastStatus: status,
      createdDate: new Date(created).toISOString(),
      updatedDate: new Date(updated).toISOString(),
      occurrenceCount: random.int(1, 40),
      ruleName: template.ruleName,
      ...storedFields(twin, customerId, `${twin.id.split('-')[0]}-I-${index + 1}`, template.ruleName, created, updated),
      impactScores: [
        { name: 'Daily avoidable cost', value: round(random.between(...template.cost)), unit: 'USD' },
        { name: 'Daily avoidable energy', value: round(random.between(...template.energy)), unit: 'kWh' },
      ],
      ticketIds: [],
    };
    insights.push(root);
    for (const child of template.children) {
      const childStatus = random.chance(0.7) ? status : random.pick(STATUSES);
      insights.push({
        id: random.uuid(),
        scenarioId: root.id,
        twinId: root.twinId,
        twinName: root.twinName,
        name: child.name,
        description: child.description,
        recommendation: null,
        type: child.type,
        priority: Math.min(4, (root.priority ?? 3) + random.int(0, 1)),
        status: legacyInsightStatus(childStatus),
        lastStatus: childStatus,
        createdDate: root.createdDate,
        updatedDate: new Date(Math.min(options.now, updated + random.int(0, 120) * 60_000)).toISOString(),
        occurrenceCount: random.int(1, root.occurrenceCount ?? 1),
        ruleName: `${template.ruleName}.${child.type}`,
        ...storedFields(
          twin,
          customerId,
          `${root.sequenceNumber as string}.${root.id.slice(0, 4)}${insights.length}`,
          `${template.ruleName}.${child.type}`,
          created,
          Math.min(options.now, updated + stored.int(0, 120) * 60_000),
        ),
        impactScores: [],
        ticketIds: [],
      });
    }
  }
  return insights;
}

/**
 * The fields the service stores with an insight and filters and sorts on (InsightCore `InsightEntity`): the site
 * (the twin's `siteID`), the customer, a sequence number, the rule, the source (Willow's rules), when it was first
 * detected and last occurred (sent as `occurredDate`), the twin's model and its state.
 */
function storedFields(
  twin: DigitalTwin,
  customerId: string,
  sequenceNumber: string,
  ruleId: string,
  detected: number,
  occurred: number,
): Partial<Insight> {
  const siteId = twin.contents?.siteID;
  return {
    customerId,
    ...(typeof siteId === 'string' ? { siteId } : {}),
    sequenceNumber,
    ruleId,
    sourceType: 'willow',
    state: 'active',
    detectedDate: new Date(detected).toISOString(),
    occurredDate: new Date(occurred).toISOString(),
    primaryModelId: twin.modelId,
    newOccurrence: false,
    reported: false,
    tags: [],
  };
}

function chooseTwin(
  template: InsightTemplate,
  index: number,
  targets: InsightTargets,
  random: SeededRandom,
): DigitalTwin {
  // The first comfort and data-quality insights point at the twins whose telemetry shows the fault.
  const faulty =
    template.ruleName === 'zone-air-temp-above-setpoint'
      ? targets.overheatingRooms
      : template.ruleName === 'point-offline'
        ? targets.offlinePoints
        : [];
  if (faulty.length > 0) return faulty[Math.floor(index / TEMPLATES.length) % faulty.length];
  const candidates = targets.byRole.get(template.role) ?? [];
  if (candidates.length === 0)
    throw new Error(`The sample has no twin with role ${template.role} for insight "${template.name}"`);
  return random.pick(candidates);
}

const round = (value: number) => Math.round(value * 100) / 100;
