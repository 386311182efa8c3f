// A safety setting that a workspace may make more careful, never less: a cloned folder's .vscode/settings.json (or a
// .code-workspace file) must not switch off what the user asked for in their own settings, in Restricted Mode or not.

/** The layers of a setting as VS Code's `inspect` reports them (the parts that matter here). */
export interface SettingLayers {
  defaultValue?: unknown;
  /** The user's own settings (and a remote's machine settings). */
  globalValue?: unknown;
  /** The workspace's: .vscode/settings.json of a single folder, or a .code-workspace file. */
  workspaceValue?: unknown;
  /** A folder's of a multi-root workspace. */
  workspaceFolderValue?: unknown;
}

/**
 * The value that applies: the user's own (else the default, else the least careful value), replaced by a workspace or
 * folder value only where that one is more careful. `carefulness` lists the valid values from least to most careful;
 * a value not in it is ignored.
 */
export function tightenOnly<T>(layers: SettingLayers, carefulness: readonly T[]): T {
  const rank = (value: unknown): number => carefulness.indexOf(value as T);
  const own = [layers.globalValue, layers.defaultValue].map(rank).find((r) => r >= 0) ?? 0;
  const strictest = Math.max(own, rank(layers.workspaceValue), rank(layers.workspaceFolderValue));
  return carefulness[strictest]!;
}
