import type { Model } from '../../core/api/types';
import airHandlingUnitModel from './models/AirHandlingUnit.json';
import buildingModel from './models/Building.json';
import capabilityModel from './models/Capability.json';
import chillerModel from './models/Chiller.json';
import co2SensorModel from './models/Co2Sensor.json';
import electricMeterModel from './models/ElectricMeter.json';
import energySensorModel from './models/EnergySensor.json';
import equipmentModel from './models/Equipment.json';
import hvacZoneModel from './models/HVACZone.json';
import levelModel from './models/Level.json';
import occupancySensorModel from './models/OccupancySensor.json';
import roomModel from './models/Room.json';
import sensorModel from './models/Sensor.json';
import setpointModel from './models/Setpoint.json';
import spaceModel from './models/Space.json';
import temperatureSensorModel from './models/TemperatureSensor.json';
import temperatureSetpointModel from './models/TemperatureSetpoint.json';
import twinModel from './models/Twin.json';
import vavBoxModel from './models/VAVBox.json';

export const SAMPLE_NAMESPACE = 'dtmi:com:buildingtwins:sample:';

/** The sample ontology's model ids, by short name. */
export const sampleModelId = (name: SampleModelName): string => `${SAMPLE_NAMESPACE}${name};1`;

export type SampleModelName =
  | 'Twin'
  | 'Space'
  | 'Building'
  | 'Level'
  | 'Room'
  | 'HVACZone'
  | 'Equipment'
  | 'AirHandlingUnit'
  | 'VAVBox'
  | 'Chiller'
  | 'ElectricMeter'
  | 'Capability'
  | 'Sensor'
  | 'Setpoint'
  | 'TemperatureSensor'
  | 'Co2Sensor'
  | 'OccupancySensor'
  | 'EnergySensor'
  | 'TemperatureSetpoint';

/** The DTDL v3 interfaces of the sample ontology (src/emulator/sample/models), bases first. */
export const SAMPLE_INTERFACES: ReadonlyArray<Record<string, unknown>> = [
  twinModel,
  spaceModel,
  buildingModel,
  levelModel,
  roomModel,
  hvacZoneModel,
  equipmentModel,
  airHandlingUnitModel,
  vavBoxModel,
  chillerModel,
  electricMeterModel,
  capabilityModel,
  sensorModel,
  setpointModel,
  temperatureSensorModel,
  co2SensorModel,
  occupancySensorModel,
  energySensorModel,
  temperatureSetpointModel,
];

/** The sample interfaces as the service lists them (definition encoded as a string). */
export function sampleModels(uploadTime: string): Model[] {
  return SAMPLE_INTERFACES.map((doc) => ({
    id: String(doc['@id']),
    displayName: doc.displayName as Model['displayName'],
    description: doc.description as Model['description'],
    modelDefinition: JSON.stringify(doc),
    uploadTime,
  }));
}
