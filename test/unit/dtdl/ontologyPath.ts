import * as path from 'node:path';

/** The Willow ontology, read in place next to the repository (never copied). */
export const WILLOW_ONTOLOGY = path.resolve(__dirname, '../../../..', '../shared/ontology/willow/Ontology');
