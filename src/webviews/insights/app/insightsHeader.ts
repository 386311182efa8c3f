// The insights table's header row: a sort button per column (its note on how the service sorts in the title), a
// drag handle (and, focused, ← →) to resize each column, widths the user set kept in the webview state, and the
// columns laid out for the table's width (columnWidths.ts).
import * as l10n from '@vscode/l10n';
import type { SortSpecification } from '../../../core/api/types';
import { el } from '../../shared/app/dom';
import { fitColumns } from './columnWidths';
import { COLUMNS } from './insightColumns';
import type { InsightsState } from './insightsState';

const KEYBOARD_RESIZE_STEP = 16;

/** What the header asks of the page. */
export interface InsightsHeaderEvents {
  /** A header was clicked: the sort changed, load the query. */
  queryChanged(): void;
  /** A column width changed: keep the state. */
  stateChanged(): void;
}

export class InsightsHeader {
  readonly row = el('tr', {}, el('th', { class: 'toggle-col' }, el('span', { class: 'sr-only' }, l10n.t('Expand'))));

  constructor(
    private readonly state: InsightsState,
    private readonly events: InsightsHeaderEvents,
  ) {
    for (const c of COLUMNS) {
      // The title shows the whole label when a narrowed column cuts it off.
      const button = el(
        'button',
        {
          type: 'button',
          class: 'sort',
          'data-field': c.field,
          title: c.sortNote ? `${c.label}: ${c.sortNote}` : c.label,
        },
        c.label,
      );
      button.addEventListener('click', () => {
        state.sortByColumn(c.field);
        events.queryChanged();
      });
      const th = el('th', { scope: 'col', 'data-field': c.field }, button, this.resizer(c.field, c.label));
      const width = state.columnWidth(c.field);
      if (width) th.style.width = `${width}px`;
      this.row.append(th);
    }
  }

  /** Lays the columns out for the table's width; call once the row is in the document (it measures fonts). */
  fit(): void {
    const table = this.row.closest('table');
    if (table) fitColumns(table, (field) => this.state.columnWidth(field));
  }

  /** Marks the sorted column (aria-sort; the stylesheet draws its arrow). */
  showSort(sort: SortSpecification | undefined): void {
    for (const th of this.row.querySelectorAll<HTMLElement>('th[data-field]')) {
      th.setAttribute(
        'aria-sort',
        sort && sort.field === th.dataset.field ? (sort.sort === 'desc' ? 'descending' : 'ascending') : 'none',
      );
    }
  }

  /** A drag handle (and, focused, ← →) on a header's right edge; the width is remembered in the webview state. */
  private resizer(field: string, label: string): HTMLElement {
    const handle = el('span', {
      class: 'col-resizer',
      role: 'separator',
      tabindex: 0,
      'aria-orientation': 'vertical',
      'aria-label': l10n.t('Resize column {0}', label),
    });
    const setWidth = (th: HTMLElement, width: number) => {
      const kept = this.state.setColumnWidth(field, width);
      th.style.width = `${kept}px`;
      handle.setAttribute('aria-valuenow', String(kept));
    };
    handle.addEventListener('pointerdown', (e) => {
      const th = handle.parentElement!;
      const startX = e.clientX;
      const startWidth = th.getBoundingClientRect().width;
      handle.setPointerCapture(e.pointerId);
      e.preventDefault();
      const move = (m: PointerEvent) => setWidth(th, startWidth + m.clientX - startX);
      const up = () => {
        handle.removeEventListener('pointermove', move);
        handle.removeEventListener('pointerup', up);
        this.fit();
        this.events.stateChanged();
      };
      handle.addEventListener('pointermove', move);
      handle.addEventListener('pointerup', up);
    });
    handle.addEventListener('click', (e) => e.stopPropagation());
    handle.addEventListener('keydown', (e) => {
      const step = e.key === 'ArrowRight' ? KEYBOARD_RESIZE_STEP : e.key === 'ArrowLeft' ? -KEYBOARD_RESIZE_STEP : 0;
      if (!step) return;
      e.preventDefault();
      const th = handle.parentElement!;
      setWidth(th, th.getBoundingClientRect().width + step);
      this.fit();
      this.events.stateChanged();
    });
    return handle;
  }
}
