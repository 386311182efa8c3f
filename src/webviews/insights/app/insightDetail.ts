// The insights panel's detail pane: every field of the selected insight, its impact scores as a table, and buttons
// to open its twin and its tickets.
import * as l10n from '@vscode/l10n';
import type { Insight } from '../../../core/api/types';
import { clear, el } from '../../shared/app/dom';
import { impactScoreRows } from './impactScoreRows';
import { text } from './insightColumns';

/** What the detail pane's buttons open. */
export interface DetailActions {
  twin(twinId: string): void;
  ticket(ticketId: string): void;
}

export function renderInsightDetail(detail: HTMLElement, insight: Insight, open: DetailActions): void {
  clear(detail);
  detail.append(el('h2', {}, text(insight.name) || insight.id));
  const actions = el('div', { class: 'toolbar' });
  if (insight.twinId) {
    const twinId = insight.twinId;
    const button = el('vscode-button', {}, l10n.t('Open twin'));
    button.addEventListener('click', () => open.twin(twinId));
    actions.append(button);
  }
  for (const ticketId of Array.isArray(insight.ticketIds) ? insight.ticketIds : []) {
    const button = el('vscode-button', { secondary: true }, l10n.t('Open ticket {0}', ticketId));
    button.addEventListener('click', () => open.ticket(String(ticketId)));
    actions.append(button);
  }
  detail.append(actions);
  const list = el('dl');
  for (const [key, value] of Object.entries(insight)) {
    const scores = key === 'impactScores' ? impactScoreRows(value, (n) => n.toLocaleString()) : undefined;
    list.append(
      el('dt', {}, key),
      el(
        'dd',
        {},
        scores
          ? impactTable(scores)
          : value !== null && typeof value === 'object'
            ? el('pre', {}, JSON.stringify(value, null, 2))
            : text(value),
      ),
    );
  }
  detail.append(list);
}

function impactTable(scores: NonNullable<ReturnType<typeof impactScoreRows>>): HTMLElement {
  if (!scores.length) return el('span', { class: 'muted' }, l10n.t('No impact scores'));
  return el(
    'table',
    { class: 'impact' },
    el(
      'thead',
      {},
      el(
        'tr',
        {},
        el('th', { scope: 'col' }, l10n.t('Impact')),
        el('th', { scope: 'col' }, l10n.t('Value')),
        el('th', { scope: 'col' }, l10n.t('Unit')),
      ),
    ),
    el(
      'tbody',
      {},
      ...scores.map((s) =>
        el('tr', {}, el('th', { scope: 'row' }, s.name), el('td', {}, s.value), el('td', {}, s.unit)),
      ),
    ),
  );
}
