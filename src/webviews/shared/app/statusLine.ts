// The status line every panel shows under its toolbar (a polite live region), and the helpers
// that report into it.
import { el } from './dom';

export class StatusLine {
  readonly element = el('div', { class: 'status', role: 'status', 'aria-live': 'polite' });

  set(text: string, isError = false): void {
    this.element.textContent = text;
    this.element.classList.toggle('error', isError);
  }

  /** Awaits a fire-and-forget action (open a twin, a ticket…) and shows its failure, if any. */
  async run(action: Promise<unknown>): Promise<void> {
    try {
      await action;
    } catch (error) {
      this.set(errorMessage(error), true);
    }
  }
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
