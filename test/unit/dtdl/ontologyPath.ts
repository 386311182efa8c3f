import { existsSync } from 'node:fs';
import * as path from 'node:path';

/** Where the Willow ontology is read from: beside the repository, in `../shared/ontology/willow/Ontology` (never copied in). */
export const WILLOW_ONTOLOGY_PATH = path.resolve(__dirname, '../../../..', '../shared/ontology/willow/Ontology');

/**
 * The Willow ontology's folder (3,700 DTDL interfaces, third-party MIT data). A test that needs it calls this inside
 * its hook or test, so a machine without the folder fails there, saying what is missing and how to get it.
 */
export function willowOntology(): string {
  if (!existsSync(WILLOW_ONTOLOGY_PATH)) {
    throw new Error(
      `The Willow ontology is missing: ${WILLOW_ONTOLOGY_PATH} does not exist. These tests read it from ` +
        '../shared/ontology/willow/Ontology beside the repository. Get it with ' +
        '`git clone https://github.com/WillowInc/opendigitaltwins-building` and put (or link) its Ontology folder ' +
        'there (see docs/development.md, "The Willow ontology").',
    );
  }
  return WILLOW_ONTOLOGY_PATH;
}
