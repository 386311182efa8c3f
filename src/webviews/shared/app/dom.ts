// Tiny DOM builder: text always goes through textContent, attributes through setAttribute, so no
// string from the service is ever parsed as HTML.

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

export function clear(node: Node): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/** A VS Code theme colour (CSS variable on the body), with a fallback. */
export function themeColor(name: string, fallback: string): string {
  const value = getComputedStyle(document.body).getPropertyValue(name).trim();
  return value || fallback;
}

/** Calls `listener` when VS Code switches theme (it changes the body's class). */
export function onThemeChange(listener: () => void): void {
  new MutationObserver(listener).observe(document.body, { attributes: true, attributeFilter: ['class'] });
}

const CHART_COLORS = [
  ['--vscode-charts-blue', '#3794ff'],
  ['--vscode-charts-orange', '#d18616'],
  ['--vscode-charts-green', '#89d185'],
  ['--vscode-charts-purple', '#b180d7'],
  ['--vscode-charts-red', '#f14c4c'],
  ['--vscode-charts-yellow', '#cca700'],
] as const;

export function chartColor(index: number): string {
  const [name, fallback] = CHART_COLORS[index % CHART_COLORS.length];
  return themeColor(name, fallback);
}

export function formatTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.000Z$|Z$/, ' UTC');
}
