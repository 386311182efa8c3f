// Scripted answers for prompts: installed by integration tests through the test API. Bundled only into
// dist/testApi.js, which the extension loads in ExtensionMode.Test alone (never in the shipped VSIX).
import * as vscode from 'vscode';
import { DebouncedRequest, isSuperseded } from '../../core/api/latestRequest';
import {
  type ChooseOptions,
  LOOKUP_DEBOUNCE_MS,
  UserCancelledError,
  type FileOptions,
  type InputOptions,
  type PickOptions,
  type UserInput,
} from '../shell/userInput';

/**
 * One scripted answer per prompt, consumed in order. For picks: a label (or a predicate on the item);
 * for pickMany: a list of labels; for input: the text (validated like the real input box);
 * for confirm: a boolean; for choose: the label of a button; for open and save dialogs: a file path (open: or a list of paths).
 * `undefined` means "the user pressed Escape".
 */
export type ScriptedAnswer = string | string[] | boolean | undefined | ((item: vscode.QuickPickItem) => boolean);

/** The kind of a prompt: a confirmation is a question about what was asked for, the others ask for input. */
export type PromptKind = 'pick' | 'pickMany' | 'input' | 'confirm' | 'choose' | 'openFiles' | 'saveFile';

/** Answers prompts from a script; installed by integration tests through the extension's test API. */
export class ScriptedUserInput implements UserInput {
  private readonly answers: ScriptedAnswer[];
  readonly prompts: string[] = [];
  /** The kind of each prompt, in the order of `prompts`. */
  readonly kinds: PromptKind[] = [];
  /** The detail text of each prompt that has one (confirm, choose), in the order of `prompts`. */
  readonly details: Array<string | undefined> = [];
  /** The items each pick offered (after its lookup, for a live lookup), in the order of the picks. */
  readonly offered: vscode.QuickPickItem[][] = [];

  constructor(answers: ScriptedAnswer[]) {
    this.answers = [...answers];
  }

  get remaining(): number {
    return this.answers.length;
  }

  async pick<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions<T>): Promise<T> {
    const answer = this.next(options.title ?? options.placeHolder ?? 'pick', 'pick');
    const candidates = options.lookup && typeof answer === 'string' ? await typed(answer, options.lookup) : items;
    this.offered.push([...candidates]);
    const match =
      candidates.find((item) => matches(item, answer)) ??
      (options.lookup && typeof answer === 'string' ? candidates[0] : undefined);
    if (!match)
      throw new Error(
        `Scripted answer ${describe(answer)} matches none of: ${candidates.map((i) => i.label).join(', ')}`,
      );
    return match;
  }

  async pickMany<T extends vscode.QuickPickItem>(items: readonly T[], options: PickOptions<T>): Promise<T[]> {
    const answer = this.next(options.title ?? options.placeHolder ?? 'pick many', 'pickMany');
    const labels = Array.isArray(answer) ? answer : [answer];
    return labels.map((label) => {
      const match = items.find((item) => matches(item, label));
      if (!match)
        throw new Error(`Scripted answer ${describe(label)} matches none of: ${items.map((i) => i.label).join(', ')}`);
      return match;
    });
  }

  async input(options: InputOptions): Promise<string> {
    const answer = this.next(options.title ?? options.prompt, 'input');
    if (typeof answer !== 'string')
      throw new Error(`Scripted answer for "${options.prompt}" must be a string, got ${describe(answer)}`);
    const invalid = options.validate?.(answer);
    if (invalid) throw new Error(`Scripted answer ${JSON.stringify(answer)} rejected: ${invalid}`);
    return answer;
  }

  async confirm(message: string, options?: { detail?: string }): Promise<boolean> {
    const answer = this.next(message, 'confirm', options?.detail);
    if (typeof answer !== 'boolean')
      throw new Error(`Scripted answer for "${message}" must be a boolean, got ${describe(answer)}`);
    return answer;
  }

  /** `undefined` in the script is the dialog dismissed (Cancel). */
  async choose(message: string, options: ChooseOptions): Promise<string | undefined> {
    let answer: ScriptedAnswer;
    try {
      answer = this.next(message, 'choose', options.detail);
    } catch (error) {
      if (error instanceof UserCancelledError) return undefined;
      throw error;
    }
    if (typeof answer !== 'string' || !options.choices.includes(answer)) {
      throw new Error(
        `Scripted answer for "${message}" must be one of ${options.choices.join(', ')}, got ${describe(answer)}`,
      );
    }
    return answer;
  }

  async openFiles(options: FileOptions): Promise<vscode.Uri[]> {
    const answer = this.next(options.title, 'openFiles');
    const paths = Array.isArray(answer) ? answer : [answer];
    if (!paths.every((p) => typeof p === 'string' && p))
      throw new Error(
        `Scripted answer for "${options.title}" must be a path or a list of paths, got ${describe(answer)}`,
      );
    return paths.map((p) => vscode.Uri.file(p as string));
  }

  async saveFile(options: FileOptions): Promise<vscode.Uri> {
    const answer = this.next(options.title, 'saveFile');
    if (typeof answer !== 'string' || !answer)
      throw new Error(`Scripted answer for "${options.title}" must be a path, got ${describe(answer)}`);
    return vscode.Uri.file(answer);
  }

  private next(prompt: string, kind: PromptKind, detail?: string): Exclude<ScriptedAnswer, undefined> {
    this.prompts.push(prompt);
    this.kinds.push(kind);
    this.details.push(detail);
    if (this.answers.length === 0) throw new Error(`No scripted answer left for prompt "${prompt}"`);
    const answer = this.answers.shift();
    if (answer === undefined) throw new UserCancelledError(prompt);
    return answer;
  }
}

/**
 * The answer typed into a live lookup the way a person types it, one character after another with no pause, so the
 * lookup runs as it does for them: once, for the whole text, after the typing pause.
 */
async function typed<T>(
  text: string,
  lookup: (value: string, signal: AbortSignal) => Promise<readonly T[]>,
): Promise<readonly T[]> {
  const lookups = new DebouncedRequest(lookup, LOOKUP_DEBOUNCE_MS);
  const results = Array.from(text, (_, i) => lookups.request(text.slice(0, i + 1)));
  const last = results.pop() as Promise<readonly T[]>;
  await Promise.all(
    results.map((r) =>
      r.catch((error: unknown) => {
        if (!isSuperseded(error)) throw error;
      }),
    ),
  );
  return last;
}

function matches(item: vscode.QuickPickItem, answer: ScriptedAnswer): boolean {
  if (typeof answer === 'function') return answer(item);
  return typeof answer === 'string' && stripIcons(item.label) === answer;
}

/** The label as the user reads it: rendered icons removed, escaped `\$(` shown as `$(`. */
function stripIcons(label: string): string {
  return label.replace(/(?<!\\)\$\([\w~-]+\)\s*/g, '').replace(/\\\$\(/g, '$(');
}

function describe(answer: ScriptedAnswer): string {
  return typeof answer === 'function' ? 'predicate' : JSON.stringify(answer);
}
