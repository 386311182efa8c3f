// Request results panel app: one tab per request of the latest run; its result as a sortable table
// (twins with their model's properties), as JSON, or as a chart for time series; "Load more" follows the
// service's paging; export to JSON or CSV; a twin's id opens the twin. The state (requestResultsState.ts), the page
// (requestResultsView.ts) and the host messages (requestResultsActions.ts) are wired here.
import '../../shared/app/installL10n';
import 'uplot/dist/uPlot.min.css';
import '../../shared/app/base.css';
import './style.css';
import { onThemeChange } from '../../shared/app/dom';
import { HostBridge } from '../../shared/app/hostBridge';
import type { RequestResultsEvents, RequestResultsMethods } from '../requestResultsProtocol';
import { RequestResultsActions } from './requestResultsActions';
import { RequestResultsState } from './requestResultsState';
import { RequestResultsView } from './requestResultsView';

const bridge = new HostBridge<RequestResultsMethods, RequestResultsEvents>();
const state = new RequestResultsState();
const actions = new RequestResultsActions(bridge, state, (events) => new RequestResultsView(state, events));

bridge.onEvent('changed', (data) => void actions.refresh(data.selected));
onThemeChange(() => actions.view.redrawChart());
new ResizeObserver(() => actions.view.resizeChart()).observe(actions.view.chartHost);

void actions.refresh();
