// What every command accepts, gathered from the features: each declares its commands' parameters beside its
// handlers (`commandParameters` in commandArgs.ts; a first-use feature in its own *Parameters.ts, see
// firstUseCommands.ts). A view-title button gets the focused row and the selection, a row menu the clicked row
// and the selection, the Explorer a URI and the selected URIs: whatever a command cannot use there is dropped
// before its handler runs, so "Go to Twin…" with a twin row selected asks for a twin, and "Filter Twins…" never
// takes a model group for a filter.
import { connectionParameters } from './connections/connectionCommands';
import { emulatorParameters } from './connections/emulatorCommands';
import { documentParameters } from './documents/documentCommands';
import { explorerParameters } from './explorer/explorerCommands';
import { FIRST_USE_PARAMETERS } from './firstUseCommands';
import { helpParameters } from './help/helpCommands';
import { modelParameters } from './models/modelCommands';
import { panelParameters } from './panels/host/panelCommands';
import { allParameters } from './shell/commandArgs';
import { twinParameters } from './twins/twinCommands';

export const commandParameters = allParameters([
  connectionParameters,
  emulatorParameters,
  explorerParameters,
  twinParameters,
  modelParameters,
  documentParameters,
  panelParameters,
  helpParameters,
  FIRST_USE_PARAMETERS,
]);
