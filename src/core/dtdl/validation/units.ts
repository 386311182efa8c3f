// DTDL's units by the unit enumeration they belong to, for the units models commonly name: a semantic type's `unit`
// must be one of its enumeration's. A unit not listed here is not judged (the list is not every DTDL unit).

const UNITS: Readonly<Record<string, readonly string[]>> = {
  LengthUnit: [
    'metre',
    'centimetre',
    'millimetre',
    'micrometre',
    'nanometre',
    'kilometre',
    'foot',
    'inch',
    'mile',
    'nauticalMile',
    'astronomicalUnit',
  ],
  VelocityUnit: [
    'metrePerSecond',
    'centimetrePerSecond',
    'kilometrePerSecond',
    'metrePerHour',
    'kilometrePerHour',
    'milePerHour',
    'milePerSecond',
    'knot',
  ],
  TemperatureUnit: ['kelvin', 'degreeCelsius', 'degreeFahrenheit', 'degreeRankine'],
  MassUnit: ['kilogram', 'gram', 'milligram', 'microgram', 'tonne', 'slug'],
  TimeUnit: ['second', 'millisecond', 'microsecond', 'nanosecond', 'minute', 'hour', 'day', 'year'],
  AreaUnit: [
    'squareMetre',
    'squareCentimetre',
    'squareMillimetre',
    'squareKilometre',
    'hectare',
    'squareFoot',
    'squareInch',
    'acre',
  ],
  VolumeUnit: [
    'cubicMetre',
    'cubicCentimetre',
    'cubicMillimetre',
    'cubicKilometre',
    'litre',
    'millilitre',
    'microlitre',
    'cubicFoot',
    'cubicInch',
  ],
  PressureUnit: [
    'pascal',
    'kilopascal',
    'bar',
    'millibar',
    'millimetresOfMercury',
    'poundPerSquareInch',
    'inchesOfMercury',
    'inchesOfWater',
  ],
  PowerUnit: ['watt', 'microwatt', 'milliwatt', 'kilowatt', 'megawatt', 'gigawatt', 'horsepower'],
  EnergyUnit: ['joule', 'kilojoule', 'megajoule', 'gigajoule', 'electronvolt', 'megaelectronvolt', 'kilowattHour'],
  CurrentUnit: ['ampere', 'microampere', 'milliampere'],
  VoltageUnit: ['volt', 'microvolt', 'millivolt', 'kilovolt', 'megavolt'],
  FrequencyUnit: ['hertz', 'kilohertz', 'megahertz', 'gigahertz'],
  AngleUnit: ['radian', 'degreeOfArc', 'minuteOfArc', 'secondOfArc', 'turn'],
  AccelerationUnit: ['metrePerSecondSquared', 'centimetrePerSecondSquared', 'gForce'],
};

const ENUMERATION_OF = new Map<string, string>(
  Object.entries(UNITS).flatMap(([enumeration, units]) => units.map((u) => [u, enumeration] as const)),
);

/** The unit enumeration a unit belongs to, when it is one of the units listed here. */
export function unitEnumerationOf(unit: string): string | undefined {
  return ENUMERATION_OF.get(unit);
}
