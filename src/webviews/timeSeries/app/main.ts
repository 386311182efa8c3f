// Time series panel app: uPlot chart with range presets, drag zoom, pan, live mode and CSV export. The state
// (timeSeriesState.ts), the page (timeSeriesView.ts) and the host messages (timeSeriesActions.ts) are wired here.
import '../../shared/app/installL10n';
import 'uplot/dist/uPlot.min.css';
import '../../shared/app/base.css';
import './style.css';
import type { RangePreset } from '../../../core/timeSeries/timeRange';
import type { TimeSeriesMethods, TimeSeriesPanelState } from '../timeSeriesProtocol';
import { HostBridge } from '../../shared/app/hostBridge';
import { onThemeChange } from '../../shared/app/dom';
import { TimeSeriesActions } from './timeSeriesActions';
import { TimeSeriesState } from './timeSeriesState';
import { TimeSeriesView } from './timeSeriesView';

const bridge = new HostBridge<TimeSeriesMethods>();
const state = new TimeSeriesState(bridge.getState<TimeSeriesPanelState>(), () => Date.now());
const view = new TimeSeriesView(state);
const actions = new TimeSeriesActions(bridge, state, view);

view.presetButtons.forEach((b) =>
  b.addEventListener('click', () => actions.moveRange((s) => s.choosePreset(b.dataset.preset as RangePreset))),
);
view.applyButton.addEventListener('click', () => actions.applyCustomRange());
for (const input of [view.startInput, view.endInput])
  input.addEventListener('keydown', (e) => e.key === 'Enter' && actions.applyCustomRange());
view.panLeft.addEventListener('click', () => actions.moveRange((s) => s.pan(-0.25)));
view.panRight.addEventListener('click', () => actions.moveRange((s) => s.pan(0.25)));
view.zoomOut.addEventListener('click', () => actions.moveRange((s) => s.zoom(2)));
view.liveBox.addEventListener('change', () => actions.setLive(view.liveBox.checked));
view.exportButton.addEventListener('click', () => void actions.exportVisible());
view.saveRequestButton.addEventListener('click', () => void actions.saveVisibleAsRequest());
view.tableButton.addEventListener('click', () => actions.toggleTable());
view.chartHost.addEventListener('keydown', (e) => {
  const keys: Record<string, (s: TimeSeriesState) => void> = {
    ArrowLeft: (s) => s.pan(-0.1),
    ArrowRight: (s) => s.pan(0.1),
    '+': (s) => s.zoom(0.5),
    '=': (s) => s.zoom(0.5),
    '-': (s) => s.zoom(2),
  };
  const change = keys[e.key];
  if (change) {
    e.preventDefault();
    actions.moveRange(change);
  }
});
new ResizeObserver(() => actions.onResize()).observe(view.chartHost);
onThemeChange(() => actions.render());

void actions.start();
