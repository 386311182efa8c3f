// Insights panel app: root insights with nested children, paging by roots, sort, filters, search, and a detail
// pane with every field. The state (insightsState.ts), the page (insightsView.ts) and the host messages
// (insightsActions.ts) are wired here.
import '../../shared/app/installL10n';
import '../../shared/app/base.css';
import './style.css';
import type { InsightsMethods, InsightsPanelState } from '../insightsProtocol';
import { HostBridge } from '../../shared/app/hostBridge';
import { InsightsActions } from './insightsActions';
import { InsightsState } from './insightsState';
import { InsightsView } from './insightsView';

const bridge = new HostBridge<InsightsMethods>();
const state = new InsightsState(bridge.getState<InsightsPanelState>());
const actions = new InsightsActions(bridge, state, (events) => new InsightsView(state, events));

void actions.start();
