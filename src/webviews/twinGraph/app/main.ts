// Twin graph panel app: cytoscape drawing of POST /twins/graph results, nodes coloured by model, expand in place,
// open a twin; a node list mirrors the canvas for keyboard and screen readers. The state (twinGraphState.ts), the
// page (twinGraphView.ts) and the host messages (twinGraphActions.ts) are wired here.
import '../../shared/app/installL10n';
import '../../shared/app/base.css';
import './style.css';
import { onThemeChange } from '../../shared/app/dom';
import { HostBridge } from '../../shared/app/hostBridge';
import type { TwinGraphMethods, TwinGraphPanelState } from '../twinGraphProtocol';
import { TwinGraphActions } from './twinGraphActions';
import { TwinGraphState } from './twinGraphState';
import { TwinGraphView } from './twinGraphView';

const bridge = new HostBridge<TwinGraphMethods>();
const state = new TwinGraphState(bridge.getState<TwinGraphPanelState>());
const actions = new TwinGraphActions(bridge, state, (events) => new TwinGraphView(state, events));

onThemeChange(() => actions.view.applyStyle());

void actions.start();
