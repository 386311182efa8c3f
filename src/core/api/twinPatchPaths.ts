// The two ways a twin patch can address a property. The service applies paths as Azure Digital Twins
// does, from the twin's properties (`/name`, `/component/prop`: the "root" form); a newer generation of
// the service may expect the documents' shape instead (`/contents/name`: the "contents" form). A refused
// patch changed nothing, so the other form can safely be tried once; the form that works is remembered.

import { ApiError } from './apiError';
import { refusalText } from './refusalText';
import type { JsonPatchOperation } from './types';

export type TwinPatchPathForm = 'root' | 'contents';

const CONTENTS = '/contents';

function inContents(path: string): boolean {
  return path.startsWith(`${CONTENTS}/`);
}

/** "contents" when every path (and `from`) starts with `/contents/`, else "root". */
function patchPathForm(patch: readonly JsonPatchOperation[]): TwinPatchPathForm {
  return patch.every((op) => inContents(op.path) && (op.from === undefined || inContents(op.from)))
    ? 'contents'
    : 'root';
}

/** The same patch written in `form` (a patch already in that form is returned as it is). */
export function inPathForm(patch: JsonPatchOperation[], form: TwinPatchPathForm): JsonPatchOperation[] {
  if (patchPathForm(patch) === form) return patch;
  const move =
    form === 'root'
      ? (path: string) => (inContents(path) ? path.slice(CONTENTS.length) : path)
      : (path: string) => `${CONTENTS}${path}`;
  return patch.map((op) => ({ ...op, path: move(op.path), ...(op.from === undefined ? {} : { from: move(op.from) }) }));
}

/**
 * A 400 about the patch's paths: its text speaks of a path or pointer, or of `contents` (Azure Digital
 * Twins names the unknown property `contents` when it gets `/contents/...`).
 */
function isPathRefusal(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.kind === 'http' &&
    error.status === 400 &&
    /\bpath\b|\bpointer\b|\bcontents\b/i.test(refusalText(error))
  );
}

/**
 * Sends twin patches in the path form that works with one service (keep one per connection). Until a
 * patch has succeeded, a 400 about paths is retried once in the other form. When the retry is refused
 * too, the more telling error is thrown: the retry's when it got past the paths (so its form was
 * right and something else is wrong), else the first.
 */
export class TwinPatchPaths {
  #form: TwinPatchPathForm | undefined;

  /** The form that has worked, once one has. */
  get form(): TwinPatchPathForm | undefined {
    return this.#form;
  }

  async send(patch: JsonPatchOperation[], attempt: (patch: JsonPatchOperation[]) => Promise<void>): Promise<void> {
    const first = this.#form ? inPathForm(patch, this.#form) : patch;
    try {
      await attempt(first);
      this.#form = patchPathForm(first);
      return;
    } catch (error) {
      if (this.#form || !isPathRefusal(error)) throw error;
      const other = inPathForm(first, patchPathForm(first) === 'root' ? 'contents' : 'root');
      try {
        await attempt(other);
      } catch (retryError) {
        throw isPathRefusal(retryError) ? error : retryError;
      }
      this.#form = patchPathForm(other);
    }
  }
}
