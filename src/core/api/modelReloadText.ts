// What a reload of the emulator's models folder did, in words: one line for a notification and the lines for the
// log (each problem as `models check` prints it, each twin that no longer fits). Strings from the emulator are
// stripped of control characters.
import * as l10n from '@vscode/l10n';
import { stripControl } from '../untrusted/controlCharacters';
import type { ModelReload } from './emulatorAdmin';

export interface ReloadText {
  severity: 'info' | 'warning' | 'error';
  summary: string;
  details: string[];
}

export function modelReloadText(reload: ModelReload, folder: string): ReloadText {
  const clean = (s: string): string => stripControl(s);
  const unfit = reload.unfitTwins.map((t) =>
    clean(l10n.t('{0} ({1}) does not fit its model: {2}', t.twinId, t.modelId, t.problems.join('; '))),
  );
  if (reload.unfitTwinCount > reload.unfitTwins.length)
    unfit.push(l10n.t('and {0} more twin(s)', reload.unfitTwinCount - reload.unfitTwins.length));
  if (reload.status === 'refused') {
    const [first] = reload.problems;
    const problems = reload.problems.map((p) => clean(`${p.file}:${p.line}:${p.column}: ${p.code}: ${p.message}`));
    return {
      severity: 'error',
      summary: l10n.t(
        'The emulator kept its models: {0} has {1} problem(s), first {2}:{3}: {4}',
        folder,
        reload.problems.length,
        clean(first?.file ?? ''),
        first?.line ?? 0,
        clean(first?.message ?? ''),
      ),
      details: [...problems, ...unfit],
    };
  }
  if (reload.unfitTwinCount > 0)
    return {
      severity: 'warning',
      summary: l10n.t(
        'The emulator reloaded {0} model(s) from {1}: {2} twin(s) no longer fit their model (kept as they are).',
        reload.models,
        folder,
        reload.unfitTwinCount,
      ),
      details: unfit,
    };
  return {
    severity: 'info',
    summary: l10n.t('The emulator reloaded {0} model(s) from {1}.', reload.models, folder),
    details: [],
  };
}
