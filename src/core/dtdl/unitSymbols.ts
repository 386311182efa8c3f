// Units for people: the symbol of a DTDL unit name ("squareMetre" → "m²") or of the short names capability twins
// carry ("degC" → "°C"). One table for every place that shows a unit: hovers, tooltips, drafts and the time-series
// panel's axes and labels. A unit not in the table is shown as it came.

const SYMBOLS: Readonly<Record<string, string>> = {
  // temperature
  degreeCelsius: '°C',
  degC: '°C',
  degreeFahrenheit: '°F',
  degF: '°F',
  kelvin: 'K',
  // length, area, volume
  metre: 'm',
  centimetre: 'cm',
  millimetre: 'mm',
  kilometre: 'km',
  foot: 'ft',
  inch: 'in',
  squareMetre: 'm²',
  squareCentimetre: 'cm²',
  squareFoot: 'ft²',
  cubicMetre: 'm³',
  litre: 'L',
  millilitre: 'mL',
  // flow
  cubicMetrePerSecond: 'm³/s',
  cubicMetrePerHour: 'm³/h',
  litrePerSecond: 'L/s',
  litrePerHour: 'L/h',
  cubicFootPerMinute: 'ft³/min',
  // energy and power
  joule: 'J',
  kilojoule: 'kJ',
  megajoule: 'MJ',
  wattHour: 'Wh',
  kilowattHour: 'kWh',
  megawattHour: 'MWh',
  watt: 'W',
  kilowatt: 'kW',
  megawatt: 'MW',
  voltAmpere: 'VA',
  kilovoltAmpere: 'kVA',
  // electricity
  volt: 'V',
  kilovolt: 'kV',
  millivolt: 'mV',
  ampere: 'A',
  milliampere: 'mA',
  ohm: 'Ω',
  hertz: 'Hz',
  kilohertz: 'kHz',
  // pressure
  pascal: 'Pa',
  kilopascal: 'kPa',
  bar: 'bar',
  millibar: 'mbar',
  poundPerSquareInch: 'psi',
  // time
  second: 's',
  millisecond: 'ms',
  minute: 'min',
  hour: 'h',
  day: 'd',
  // speed, mass, light, ratio
  metrePerSecond: 'm/s',
  kilometrePerHour: 'km/h',
  kilogram: 'kg',
  gram: 'g',
  tonne: 't',
  lux: 'lx',
  lumen: 'lm',
  candela: 'cd',
  percent: '%',
  partsPerMillion: 'ppm',
  decibel: 'dB',
};

/** The symbol of a unit ("squareMetre" → "m²", "degC" → "°C"); other units unchanged. */
export function unitSymbol(unit: string): string {
  return Object.prototype.hasOwnProperty.call(SYMBOLS, unit) ? SYMBOLS[unit]! : unit;
}
