import { stripControl } from './controlCharacters';

/**
 * Text shown literally inside Markdown: every character Markdown or HTML could read as syntax is escaped
 * (emphasis, links, code, headings, lists, tables, tags, entities), control characters are removed and line
 * breaks become spaces, so a service string can neither format nor link nor break out of its line.
 */
export function markdownText(text: string): string {
  return stripControl(text.replace(/[\r\n\t]+/g, ' ')).replace(/([\\`*_{}[\]()#+\-.!|<>&~=:$"'])/g, '\\$1');
}
