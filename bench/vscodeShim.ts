// A minimal stand-in for the `vscode` module so tree nodes (benchmarks) and the agent tools' VS Code classes
// (unit tests) can run in plain Node. It provides only the data classes they build (TreeItem, ThemeIcon,
// MarkdownString, Uri, language model tool results), l10n.t's placeholders and the settings they read; nothing here talks to a workbench, so timings cover the extension's
// own work (client, paging, tree items) and the emulator round trips, not VS Code's rendering.
import Module = require('node:module');

class TreeItem {
  id?: string;
  description?: string;
  tooltip?: unknown;
  iconPath?: unknown;
  contextValue?: string;
  resourceUri?: unknown;
  command?: unknown;
  constructor(
    public label: string,
    public collapsibleState = 0,
  ) {}
}
class ThemeIcon {
  constructor(public id: string) {}
}
class MarkdownString {
  value = '';
  appendText(text: string): this {
    this.value += text;
    return this;
  }
  appendMarkdown(markdown: string): this {
    this.value += markdown;
    return this;
  }
}
class LanguageModelTextPart {
  constructor(public value: string) {}
}
class LanguageModelToolResult {
  constructor(public content: unknown[]) {}
}
/** vscode.l10n.t without a bundle: `{0}` placeholders filled in. */
function t(message: string, ...args: unknown[]): string {
  return message.replace(/\{(\d+)\}/g, (whole, index: string) =>
    Number(index) < args.length ? String(args[Number(index)]) : whole,
  );
}
class Uri {
  private constructor(
    public scheme: string,
    public path: string,
    public fragment = '',
  ) {}
  static from(parts: { scheme: string; path: string; fragment?: string }): Uri {
    return new Uri(parts.scheme, parts.path, parts.fragment);
  }
  with(change: { scheme?: string; path?: string; fragment?: string }): Uri {
    return new Uri(change.scheme ?? this.scheme, change.path ?? this.path, change.fragment ?? this.fragment);
  }
  toString(): string {
    return `${this.scheme}:${this.path}${this.fragment ? `#${this.fragment}` : ''}`;
  }
}

export function installVscodeShim(settings: Record<string, unknown> = {}): void {
  const shim = {
    TreeItem,
    ThemeIcon,
    MarkdownString,
    Uri,
    LanguageModelTextPart,
    LanguageModelToolResult,
    l10n: { t },
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    workspace: {
      getConfiguration: (section: string) => ({
        get: <T>(key: string, fallback?: T): T | undefined =>
          `${section}.${key}` in settings ? (settings[`${section}.${key}`] as T) : fallback,
      }),
    },
  };
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = mod._load;
  mod._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? shim : load.call(this, request, ...rest);
  };
}
