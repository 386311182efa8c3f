// Model graph panel app: the models of a connection or a folder as a cytoscape graph (extends, relationships,
// components), with search and each model's summary. The state (modelGraphState.ts), the page (modelGraphView.ts)
// and the host messages (modelGraphActions.ts) are wired here; the canvas follows the twin graph's rules.
import '../../shared/app/installL10n';
import '../../shared/app/base.css';
import '../../twinGraph/app/style.css';
import './style.css';
import { onThemeChange } from '../../shared/app/dom';
import { HostBridge } from '../../shared/app/hostBridge';
import type { ModelGraphMethods, ModelGraphPanelState } from '../modelGraphProtocol';
import { ModelGraphActions } from './modelGraphActions';
import { ModelGraphState } from './modelGraphState';
import { ModelGraphView } from './modelGraphView';

const bridge = new HostBridge<ModelGraphMethods>();
const state = new ModelGraphState(bridge.getState<ModelGraphPanelState>());
const actions = new ModelGraphActions(bridge, state, (events) => new ModelGraphView(state, events));

onThemeChange(() => actions.view.applyStyle());

void actions.start();
