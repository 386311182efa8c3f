// A toolkit text field with an accessible name. Its `label` (the inner input's aria-label) is a
// property, not an attribute, so el() alone cannot set it. The app imports the component itself.
import type { VscodeTextfield } from '@vscode-elements/elements/dist/vscode-textfield/vscode-textfield.js';
import { el } from './dom';

export function textField(
  label: string,
  attrs: Record<string, string | number | boolean | undefined> = {},
): VscodeTextfield {
  const field = el('vscode-textfield', attrs);
  field.label = label;
  return field;
}
