import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODEL_SCHEMA_KINDS, RECORD_SCHEMA_KINDS } from '../../../src/extension/authoring/schemaKinds';
import { VALUE_TOKEN_TYPES } from '../../../src/extension/documents/valueTokens';
import { repoRoot } from '../../harness/harnessPaths';
import { localisedManifest } from '../../shared/manifest';
import { whenHolds, whenKeys, type WhenContext } from '../../shared/whenClause';

interface Command {
  command: string;
  title: string;
  category?: string;
}
interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}
interface Manifest {
  contributes: {
    commands: Command[];
    menus: Record<string, MenuEntry[]>;
    jsonValidation: Array<{ fileMatch: string | string[]; url: string }>;
    grammars: Array<{ path: string; injectTo?: string[] }>;
    semanticTokenTypes: Array<{ id: string }>;
    semanticTokenScopes: Array<{ scopes: Record<string, string[]> }>;
  };
}

const manifest = localisedManifest<Manifest>();
const { commands, menus } = manifest.contributes;
const EXPLORER = { view: 'buildingTwins.explorer' };

/** Words Title Case keeps lower case inside a title (articles, conjunctions, short prepositions). */
const MINOR_WORDS = new Set([
  'a',
  'an',
  'and',
  'as',
  'at',
  'by',
  'for',
  'from',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
]);

/** The words of a title that break Title Case ("Copy id" -> ["id"]). */
function titleCaseFaults(title: string): string[] {
  const words = title.replace(/…$/, '').replace(/[()]/g, '').split(/\s+/).filter(Boolean);
  return words.filter((word, i) => {
    const first = word.charAt(0);
    if (first.toLowerCase() === first.toUpperCase()) return false; // not a letter
    const edge = i === 0 || i === words.length - 1;
    return MINOR_WORDS.has(word) ? edge : first !== first.toUpperCase();
  });
}

/** Every combination of true/false for the context keys of the clauses (other keys as given). */
function states(clauses: Array<string | undefined>, base: WhenContext, skip: string[] = []): WhenContext[] {
  const keys = [...new Set(clauses.flatMap(whenKeys))].filter((k) => !(k in base) && !skip.includes(k));
  return Array.from({ length: 2 ** keys.length }, (_, n) => ({
    ...base,
    ...Object.fromEntries(keys.map((k, i) => [k, Boolean(n & (1 << i))])),
  }));
}

const palette = (command: string): string | undefined => menus.commandPalette.find((e) => e.command === command)?.when;
const shownInPalette = (command: string, context: WhenContext): boolean => whenHolds(palette(command), context);

describe('manifest: commands, menus and the palette fit the state', () => {
  it('titles are Title Case, in the Building Twins category, with "…" and never "..."', () => {
    assert.deepEqual(titleCaseFaults('Copy id'), ['id'], 'the check itself');
    assert.deepEqual(titleCaseFaults('Go to twin…'), ['twin']);
    for (const c of commands) {
      assert.deepEqual(titleCaseFaults(c.title), [], c.title);
      assert.equal(c.category, 'Building Twins', c.command);
      assert.doesNotMatch(c.title, /\.\.\./, c.title);
    }
  });

  it('the explorer title shows at most three buttons (and Collapse All) in every state; the rest is in "..." in groups', () => {
    const title = menus['view/title'].filter(
      (e) => whenHolds(e.when, { ...EXPLORER }) || (e.when ?? '').includes('view == buildingTwins.explorer'),
    );
    for (const context of states(
      title.map((e) => e.when),
      EXPLORER,
    )) {
      const inline = title.filter((e) => e.group?.startsWith('navigation') && whenHolds(e.when, context));
      assert.ok(
        inline.length <= 3,
        `${inline.length} buttons with ${JSON.stringify(context)}: ${inline.map((e) => e.command).join(', ')}`,
      );
    }
    for (const e of title.filter((x) => !x.group?.startsWith('navigation')))
      assert.match(e.group ?? '', /^\d+_[a-z]+@\d+$/, `${e.command} sits in a numbered group of the "..." menu`);
  });

  it('only one of Start and Stop Local Emulator shows, in the explorer title and in the palette', () => {
    for (const running of [false, true]) {
      const context = { ...EXPLORER, 'buildingTwins.emulatorRunning': running };
      const inTitle = menus['view/title']
        .filter((e) => e.command.endsWith('Emulator') && whenHolds(e.when, context))
        .map((e) => e.command);
      assert.deepEqual(inTitle, [running ? 'buildingTwins.stopEmulator' : 'buildingTwins.startEmulator']);
      assert.equal(shownInPalette('buildingTwins.startEmulator', context), !running);
      assert.equal(shownInPalette('buildingTwins.stopEmulator', context), running);
    }
  });

  it('"Clear Events Filter" and "Clear Twin Filter" show only while something is filtered', () => {
    for (const filtered of [false, true]) {
      assert.equal(
        shownInPalette('buildingTwins.events.clearFilter', { 'buildingTwins.eventsFiltered': filtered }),
        filtered,
      );
      assert.equal(shownInPalette('buildingTwins.clearFilter', { 'buildingTwins.filtered': filtered }), filtered);
    }
    const rows = menus['view/item/context'].filter((e) => e.command === 'buildingTwins.events.clearFilter');
    assert.ok(rows.length > 0);
    for (const e of rows) {
      assert.equal(whenHolds(e.when, { ...EXPLORER, viewItem: 'eventsGroup' }), false);
      assert.equal(whenHolds(e.when, { ...EXPLORER, viewItem: 'eventsGroup.filtered' }), true);
    }
  });

  it('commands that send the active JSON editor show in the palette only in JSON editors, and in the title of their drafts', () => {
    for (const command of [
      'buildingTwins.createFromJson',
      'buildingTwins.events.upsertFromJson',
      'buildingTwins.tickets.createFromJson',
    ]) {
      assert.equal(shownInPalette(command, { editorLangId: 'json' }), true, command);
      assert.equal(shownInPalette(command, { editorLangId: 'jsonc' }), true, command);
      assert.equal(shownInPalette(command, { editorLangId: 'typescript' }), false, command);
      assert.equal(shownInPalette(command, {}), false, `${command} without an editor`);
    }
    const editorTitle = (command: string, resourceFilename: string): boolean =>
      menus['editor/title'].some((e) => e.command === command && whenHolds(e.when, { resourceFilename }));
    assert.equal(editorTitle('buildingTwins.events.upsertFromJson', 'events-1a2b3c.events.json'), true);
    assert.equal(editorTitle('buildingTwins.tickets.createFromJson', 'ticket-1a2b3c.ticket.json'), true);
    assert.equal(editorTitle('buildingTwins.tickets.applyPatch', 'T-1.ticket-patch.json'), true);
    assert.equal(editorTitle('buildingTwins.tickets.createFromJson', 'T-1.ticket-patch.json'), false);
    assert.equal(editorTitle('buildingTwins.events.upsertFromJson', 'package.json'), false);
  });

  it('an open twin document offers Chart, Graph and Insights in its title and context menu; no other document does', () => {
    const offered = (menu: string, resourcePath: string): string[] =>
      menus[menu]!.filter((e) => whenHolds(e.when, { resourceScheme: 'buildingtwins', resourcePath }))
        .map((e) => e.command)
        .filter((c) =>
          ['buildingTwins.showTimeSeries', 'buildingTwins.showTwinGraph', 'buildingTwins.showInsights'].includes(c),
        )
        .sort();
    const all = ['buildingTwins.showInsights', 'buildingTwins.showTimeSeries', 'buildingTwins.showTwinGraph'];
    for (const menu of ['editor/title', 'editor/context']) {
      assert.deepEqual(offered(menu, '/Local emulator/twins/HP-L03-VAV1.json'), all, menu);
      assert.deepEqual(
        offered(menu, '/Local emulator/relationships/HP-L03-VAV1/r1.json'),
        [],
        `${menu}: a relationship`,
      );
      assert.deepEqual(offered(menu, '/Local emulator/tickets/T-1.json'), [], `${menu}: a ticket`);
    }
  });

  it('every menu entry names a contributed command, once per menu and state', () => {
    const ids = new Set(commands.map((c) => c.command));
    for (const [menu, entries] of Object.entries(menus)) {
      for (const e of entries) assert.ok(ids.has(e.command), `${menu}: ${e.command} is not a contributed command`);
    }
    const paletteIds = menus.commandPalette.map((e) => e.command);
    assert.deepEqual(
      paletteIds.filter((id, i) => paletteIds.indexOf(id) !== i),
      [],
      'one palette entry per command',
    );
  });

  it('serves a schema for every editable kind of document, and only schemas it serves', () => {
    const served = [...MODEL_SCHEMA_KINDS, ...RECORD_SCHEMA_KINDS]
      .map((k) => `buildingtwins-schema://schemas/${k}.json`)
      .sort();
    assert.deepEqual([...new Set(manifest.contributes.jsonValidation.map((v) => v.url))].sort(), served);
    const matched = (url: string): string[] =>
      manifest.contributes.jsonValidation.filter((v) => v.url === url).flatMap((v) => v.fileMatch);
    assert.deepEqual(matched('buildingtwins-schema://schemas/ticket.json'), ['buildingtwins:/*/tickets/*.json']);
    assert.deepEqual(matched('buildingtwins-schema://schemas/event.json'), ['buildingtwins:/*/events/*.json']);
    assert.deepEqual(matched('buildingtwins-schema://schemas/ticket-patch.json'), ['*.ticket-patch.json']);
  });

  it('colours timestamps and UUIDs with semantic tokens of its own documents, and injects only DTMIs into JSON', () => {
    const types = manifest.contributes.semanticTokenTypes.map((t) => t.id).sort();
    assert.deepEqual(types, [...VALUE_TOKEN_TYPES].sort());
    const scopes = manifest.contributes.semanticTokenScopes.flatMap((s) => Object.keys(s.scopes)).sort();
    assert.deepEqual(scopes, types);
    const injections = manifest.contributes.grammars.filter((g) => g.injectTo);
    assert.deepEqual(
      injections.map((g) => g.path),
      ['./syntaxes/dtmi.injection.tmLanguage.json'],
    );
    const grammar = JSON.parse(readFileSync(join(repoRoot, 'syntaxes/dtmi.injection.tmLanguage.json'), 'utf8')) as {
      patterns: Array<{ include: string }>;
      repository: Record<string, unknown>;
    };
    assert.deepEqual(
      grammar.patterns.map((p) => p.include),
      ['#dtmi'],
    );
    assert.deepEqual(Object.keys(grammar.repository), ['dtmi']);
  });
});

describe('the when-clause evaluator of these tests', () => {
  it('reads the clauses package.json uses', () => {
    assert.equal(
      whenHolds('view == buildingTwins.explorer && viewItem =~ /^(twinsGroup|twinModelGroup)$/', {
        view: 'buildingTwins.explorer',
        viewItem: 'twinModelGroup',
      }),
      true,
    );
    assert.equal(
      whenHolds('view == buildingTwins.explorer && viewItem =~ /^(twinsGroup|twinModelGroup)$/', {
        view: 'buildingTwins.explorer',
        viewItem: 'twin',
      }),
      false,
    );
    assert.equal(whenHolds('resourceExtname =~ /^\\.(json|csv)$/i', { resourceExtname: '.CSV' }), true);
    assert.equal(whenHolds('!a && b', { b: true }), true);
    assert.equal(whenHolds('a || b', { b: true }), true);
    assert.equal(
      whenHolds('config.files.autoSave != off && !config.files.autoSaveWorkspaceFilesOnly', {
        'config.files.autoSave': 'off',
      }),
      false,
    );
    assert.equal(whenHolds('false', {}), false);
    assert.equal(whenHolds(undefined, {}), true);
    assert.deepEqual(whenKeys('view == x && !buildingTwins.filtered || viewItem =~ /a||b/'), [
      'view',
      'buildingTwins.filtered',
      'viewItem',
    ]);
  });
});
