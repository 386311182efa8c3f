// A minimal stand-in for the `vscode` module so tree nodes can run in plain Node for benchmarks. It
// provides only the data classes the explorer's nodes build (TreeItem, ThemeIcon, MarkdownString, Uri)
// and the settings they read; nothing here talks to a workbench, so timings cover the extension's
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
  constructor(public label: string, public collapsibleState = 0) {}
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
}
class Uri {
  private constructor(public scheme: string, public path: string) {}
  static from(parts: { scheme: string; path: string }): Uri {
    return new Uri(parts.scheme, parts.path);
  }
  toString(): string {
    return `${this.scheme}:${this.path}`;
  }
}

export function installVscodeShim(settings: Record<string, unknown> = {}): void {
  const shim = {
    TreeItem,
    ThemeIcon,
    MarkdownString,
    Uri,
    TreeItemCollapsibleState: { None: 0, Collapsed: 1, Expanded: 2 },
    workspace: {
      getConfiguration: (section: string) => ({
        get: <T>(key: string, fallback?: T): T | undefined => (`${section}.${key}` in settings ? (settings[`${section}.${key}`] as T) : fallback),
      }),
    },
  };
  const mod = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const load = mod._load;
  mod._load = function (request: string, ...rest: unknown[]) {
    return request === 'vscode' ? shim : load.call(this, request, ...rest);
  };
}
