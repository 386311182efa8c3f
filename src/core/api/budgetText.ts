// The request budget in words, for the connection's status bar tooltip.
import * as l10n from '@vscode/l10n';
import type { ClientBudget } from './client';

/**
 * One line per paced group (`twins: 12 of 20 requests in the last 10 s`), with the queue and the time to the next
 * slot while requests wait; then whether the instance is paused by the circuit breaker.
 */
export function budgetLines(budget: ClientBudget): string[] {
  const lines = budget.groups.map((group) => {
    const spent = l10n.t(
      '{0}: {1} of {2} requests in the last {3} s',
      group.group,
      group.used,
      group.limit,
      group.windowSeconds,
    );
    if (!group.waiting) return spent;
    const waiting = group.waiting === 1 ? l10n.t('1 waiting') : l10n.t('{0} waiting', group.waiting);
    return group.nextSlotInMs === undefined
      ? l10n.t('{0} ({1}, next slot when a response arrives)', spent, waiting)
      : l10n.t('{0} ({1}, next slot in {2} s)', spent, waiting, Math.ceil(group.nextSlotInMs / 1000));
  });
  if (!budget.groups.length) lines.push(l10n.t('Requests are not paced on this connection.'));
  const circuit = budget.circuit;
  if (circuit.state === 'open') {
    lines.push(
      l10n.t(
        'Paused after {0} server errors in a row (last HTTP {1}); retrying at {2} UTC.',
        circuit.serverErrorsInARow,
        circuit.lastStatus,
        new Date(circuit.retryAt).toISOString().slice(11, 19),
      ),
    );
  } else if (circuit.state === 'half-open') {
    lines.push(
      l10n.t('Paused after {0} server errors in a row; the next request is a trial.', circuit.serverErrorsInARow),
    );
  }
  return lines;
}

/** Whether the tooltip should be refreshed on a timer: requests are waiting for a slot, or the instance is paused. */
export function budgetIsBusy(budget: ClientBudget): boolean {
  return budget.circuit.state !== 'closed' || budget.groups.some((group) => group.waiting > 0 || group.inFlight > 0);
}
