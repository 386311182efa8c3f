// THIRD_PARTY_NOTICES.txt for the bundles: every npm package esbuild put into a bundle (read from the builds'
// metafiles), with its version, license and license text. The bundles are built with legalComments 'none' (smaller),
// so this file is where those notices live; it is written into dist/ and ships in the VSIX.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const LICENSE_FILE = /^(licen[cs]e|copying|notice)(\.(md|txt|markdown))?$/i;

/** Copyright lines of bundled MIT packages that ship no license file (taken from their repositories' LICENSE). */
const COPYRIGHT_WITHOUT_FILE = {
  '@vscode/l10n': 'Copyright (c) Microsoft Corporation.',
  // MIT per its package.json, by the author of read-excel-file, who bundles it.
  'worker-f': 'Copyright (c) catamphetamine <purecatamphetamine@gmail.com>',
};

/**
 * MIT packages another package ships inside its own dist/ (its source map names them; they are not installed), by
 * the package that carries them, with the versions its bundle says.
 */
const VENDORED = {
  'cytoscape-dagre': [
    { name: '@dagrejs/dagre', version: '3.0.0', copyright: 'Copyright (c) 2012-2014 Chris Pettitt' },
    { name: '@dagrejs/graphlib', version: '4.0.1', copyright: 'Copyright (c) 2012-2014 Chris Pettitt' },
  ],
};

const mitText = (copyright) => `MIT License

${copyright}

Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
documentation files (the "Software"), to deal in the Software without restriction, including without limitation the
rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit
persons to whom the Software is furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all copies or substantial portions of the
Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE
WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR
OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.`;

/** The package folder (node_modules/<name> or node_modules/@scope/name, nested ones too) an input path lies in. */
export function packageDirOf(input, root) {
  const parts = resolve(root, input).split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return undefined;
  const length = parts[at + 1]?.startsWith('@') ? 3 : 2;
  return parts.slice(0, at + length).join(sep);
}

/** Package name -> { version, license, text } for every package with an input in the metafiles. */
export function bundledPackages(metafiles, root) {
  const packages = new Map();
  for (const metafile of metafiles) {
    for (const input of Object.keys(metafile?.inputs ?? {})) {
      const dir = packageDirOf(input.replace(/^[a-z-]+:/, ''), root);
      if (!dir || !existsSync(join(dir, 'package.json'))) continue;
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      const key = `${manifest.name}@${manifest.version}`;
      if (packages.has(key)) continue;
      const files = readdirSync(dir)
        .filter((f) => LICENSE_FILE.test(f))
        .sort();
      const license = typeof manifest.license === 'string' ? manifest.license : (manifest.license?.type ?? 'see text');
      const copyright = COPYRIGHT_WITHOUT_FILE[manifest.name];
      const text = files.length
        ? files.map((f) => readFileSync(join(dir, f), 'utf8').trim()).join('\n\n')
        : license === 'MIT' && copyright
          ? mitText(copyright)
          : '';
      if (!text)
        throw new Error(
          `${key} (${relative(root, dir)}) is bundled but has no license file to quote; add its copyright line to COPYRIGHT_WITHOUT_FILE in scripts/thirdPartyNotices.mjs`,
        );
      packages.set(key, { name: manifest.name, version: manifest.version, license, text });
      for (const v of VENDORED[manifest.name] ?? [])
        packages.set(`${v.name}@${v.version}`, { ...v, license: 'MIT', text: mitText(v.copyright) });
    }
  }
  return [...packages.values()].sort((a, b) => a.name.localeCompare(b.name) || a.version.localeCompare(b.version));
}

export function noticesText(packages, product) {
  const rule = '-'.repeat(78);
  return [
    `${product} includes the following third-party software, bundled into its dist/ files.`,
    '',
    ...packages.map((p) => `- ${p.name} ${p.version} (${p.license})`),
    '',
    ...packages.flatMap((p) => [rule, `${p.name} ${p.version}`, `License: ${p.license}`, '', p.text, '']),
  ].join('\n');
}

/**
 * Writes the notices of the packages in these metafiles (esbuild `metafile: true` results, or `{ inputs }` of some of
 * their outputs), for `product` (default: the name in `root`'s package.json).
 */
export function writeThirdPartyNotices(metafiles, file, root = process.cwd(), product = undefined) {
  product ??= JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).name;
  writeFileSync(file, noticesText(bundledPackages(metafiles, root), product));
  return file;
}

export const NOTICES_FILE = join('dist', 'THIRD_PARTY_NOTICES.txt');
