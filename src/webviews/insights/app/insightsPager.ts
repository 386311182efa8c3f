// The insights panel's pager: previous, the page numbers around the current one, next, and how many roots match.
import * as l10n from '@vscode/l10n';
import { countText } from '../../../shared/countText';
import { clear, el } from '../../shared/app/dom';
import { pageNumbers, type InsightsState } from './insightsState';

/** Draws the pager of `page` (of `size` roots); a click on a page there is asks `go` to load it. */
export function renderPager(
  pager: HTMLElement,
  state: InsightsState,
  page: number,
  size: number,
  go: () => void,
): void {
  clear(pager);
  const pages = state.pageCount(size);
  const button = (label: string, p: number, disabled: boolean, current = false) => {
    const b = el(
      'vscode-button',
      { secondary: !current, 'aria-current': current ? 'page' : undefined, 'aria-label': l10n.t('Page {0}', p) },
      label,
    );
    b.disabled = disabled;
    b.addEventListener('click', () => {
      if (state.goToPage(p, pages)) go();
    });
    return b;
  };
  pager.append(button(l10n.t('‹ Prev'), page - 1, page <= 1));
  for (const p of pageNumbers(page, pages)) {
    pager.append(p === 0 ? el('span', { class: 'muted' }, '…') : button(String(p), p, false, p === page));
  }
  const roots = countText(state.total, { one: l10n.t('{0} root'), other: l10n.t('{0} roots') });
  pager.append(
    button(l10n.t('Next ›'), page + 1, page >= pages),
    el(
      'span',
      { class: 'muted' },
      l10n.t({
        message: 'Page {0} of {1} · {2}',
        args: [page, pages, roots],
        comment: ['{2} is "1,204 roots": the root insights of every page'],
      }),
    ),
  );
}
