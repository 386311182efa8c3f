// Terms a DTDL context does not define, written as co-types or as property names beside them: DTDL v2 accepts
// undefined terms there, and so does v3 when the model names an extension context the validator does not know;
// what they must still look like (a term or a valid DTMI) and the DTDL terms that may not be used that way.
import { isDtmi } from './dtmi';
import { VERSION_SPECS } from './metamodel';

export type TermShape = 'term' | 'dtmi' | 'invalidDtmi' | 'notDtmiNorTerm';

export function termShape(text: string): TermShape {
  if (text.startsWith('dtmi:')) return isDtmi(text) ? 'dtmi' : 'invalidDtmi';
  return text.includes(':') ? 'notDtmiNorTerm' : 'term';
}

const dtdlTermsByVersion = new Map<number, ReadonlySet<string>>();

/** A DTDL term or DTMI of `version` that is not a co-type (a property's name such as `displayName`, or its DTMI). */
export function isDtdlNonClassTerm(text: string, version: number): boolean {
  if (text.startsWith('dtmi:dtdl:property:')) return true;
  let terms = dtdlTermsByVersion.get(version);
  if (!terms) {
    terms = new Set(Object.values(VERSION_SPECS[version].classes).flatMap((c) => Object.keys(c.properties)));
    dtdlTermsByVersion.set(version, terms);
  }
  return terms.has(text);
}
