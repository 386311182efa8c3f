// Loads a CommonJS bundle as `require` would, but compiled with V8's code cache: the first window after an install
// or an update compiles the bundle and, once the extension is active, saves the compiled code (the top level and
// every function activation ran) beside the bundle; every later window reads it instead of parsing ~250 KB of
// JavaScript again. No `vscode` here: this runs before the bundle that uses it is loaded.
//
// The cache sits in the extension's own folder, so whoever could change it could change the code itself; a folder
// we cannot write to simply means no cache. Its file name holds a hash of the bundle's bytes and V8's version:
// V8 checks only the source's length and its own flags before using a cache, so the name must say which bytes and
// which V8 it is for. (Libraries that do this, such as v8-compile-cache, hook `Module.prototype._compile` for the
// whole process: in an extension host that would be every other extension's modules too.)
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import * as zlib from 'node:zlib';

/**
 * `used`: compiled from the cache. `absent`: no cache for these bytes and this V8 yet. `rejected`: V8 refused the
 * cache (other flags, a damaged file). `off`: no cache in a process started for debugging, so breakpoints bind as usual.
 * After `save()`: `written`, or `unwritable` when the folder or the file cannot be written.
 */
export type CodeCacheState = 'used' | 'absent' | 'rejected' | 'off' | 'written' | 'unwritable';

export interface CachedBundle<T> {
  readonly exports: T;
  readonly state: CodeCacheState;
  /** Writes the cache when there was none or V8 refused it (once; later calls do nothing). Never throws. */
  save(): void;
}

/** The bundle's code inside the function Node wraps a CommonJS module in; the head has a line of its own. */
const HEAD = '(function (exports, require, module, __filename, __dirname) {\n';
const TAIL = '\n})';

/** The cache file's name: the bundle's name, a hash of its bytes, and the V8 that compiled it. */
export function cacheFileName(file: string, bytes: Buffer): string {
  // An identity, not a safeguard (the folder's permissions are): CRC-32 and the length where Node has zlib.crc32
  // (20.15+; 0.07 ms for the bundle, and the bundle loads zlib anyway), else sha1 (0.45 ms, and crypto's first load).
  const crc32 = (zlib as { crc32?: (data: Buffer) => number }).crc32;
  const hash = crc32
    ? `${crc32(bytes).toString(16).padStart(8, '0')}${bytes.length.toString(16).padStart(12, '0')}`
    : createHash('sha1').update(bytes).digest('hex').slice(0, 20);
  return `${basename(file, '.js')}.${hash}.v8-${process.versions.v8}-${process.arch}.code-cache`;
}

/** Whether `name` is a cache of the bundle `file` (for any bytes and any V8), as cacheFileName names them. */
function isCacheOf(file: string, name: string): boolean {
  const prefix = `${basename(file, '.js')}.`;
  return name.startsWith(prefix) && /^[0-9a-f]{20}\.v8-.*\.code-cache$/.test(name.slice(prefix.length));
}

/** Loads `file` (a CommonJS bundle) with the code cache kept in `cacheDir`; what its top level throws is thrown. */
export function loadCachedBundle<T>(
  file: string,
  cacheDir: string,
  options: { debugging?: () => boolean } = {},
): CachedBundle<T> {
  const bytes = readFileSync(file);
  const off = (options.debugging ?? startedForDebugging)();
  const name = cacheFileName(file, bytes);
  const cached = off ? undefined : readOrUndefined(join(cacheDir, name));
  const text = bytes.toString('utf8');
  let script: Script | undefined = new Script(HEAD + (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) + TAIL, {
    filename: file,
    lineOffset: -1,
    cachedData: cached,
  });
  let state: CodeCacheState = off ? 'off' : !cached ? 'absent' : script.cachedDataRejected ? 'rejected' : 'used';
  const module = new Module(file);
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  module.loaded = true;
  if (state === 'used' || state === 'off') script = undefined;
  return {
    exports: module.exports as T,
    get state() {
      return state;
    },
    save() {
      if (!script) return;
      const compiled = script;
      script = undefined;
      state = writeCache(cacheDir, file, name, compiled.createCachedData()) ? 'written' : 'unwritable';
    },
  };
}

/**
 * Whether this process was started with a debugger port (an Extension Development Host being debugged): read from
 * its arguments, as loading node:inspector to ask would cost every window about half a millisecond.
 */
export function startedForDebugging(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions = process.env.NODE_OPTIONS ?? '',
): boolean {
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((arg) => /^--inspect(-brk)?(-port)?(=|$)/.test(arg));
}

function readOrUndefined(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch {
    return undefined;
  }
}

/** Writes the cache whole or not at all (a window starting meanwhile never reads half a file), then drops the bundle's older caches. */
function writeCache(dir: string, file: string, name: string, data: Buffer): boolean {
  const temporary = join(dir, `${name}.${process.pid}.tmp`);
  try {
    mkdirSync(dir, { recursive: true });
    writeFileSync(temporary, data);
    renameSync(temporary, join(dir, name));
  } catch {
    quietly(() => rmSync(temporary, { force: true }));
    return false;
  }
  // The same bundle's caches for other bytes or another V8: what an update or an older VS Code left.
  quietly(() => {
    for (const other of readdirSync(dir))
      if (other !== name && isCacheOf(file, other)) rmSync(join(dir, other), { force: true });
  });
  return true;
}

function quietly(action: () => void): void {
  try {
    action();
  } catch {
    // Another window may be tidying the same folder; what is left stays for the next write.
  }
}
