// Registers every agent tool with vscode.lm at activation by its name alone: the tools themselves
// (languageModelTools.ts and src/core/agentTools) are made when chat first prepares or invokes one of them.
import * as vscode from 'vscode';
import { lmToolId, TOOL_REFERENCE_NAMES } from './agentToolNames';
import type { AgentLanguageModelTool } from './languageModelTools';

type ToolInput = Record<string, unknown>;

/**
 * Registers one tool per name of TOOL_REFERENCE_NAMES (package.json declares the same), each passing its calls to
 * the tool `create()` makes of that name; `create` runs on the first call of any, once. Returns the tools (loading them).
 */
export function registerAgentToolsOnFirstUse(
  create: () => readonly AgentLanguageModelTool[],
  subscriptions: vscode.Disposable[],
): () => readonly AgentLanguageModelTool[] {
  let tools: readonly AgentLanguageModelTool[] | undefined;
  const all = (): readonly AgentLanguageModelTool[] => (tools ??= create());
  const named = (name: string): AgentLanguageModelTool => {
    const tool = all().find((t) => t.tool.name === name);
    if (!tool) throw new Error(`No agent tool is named ${name}`); // l10n-exempt: a programming error the tests catch
    return tool;
  };
  for (const name of Object.keys(TOOL_REFERENCE_NAMES)) {
    const delegate: vscode.LanguageModelTool<ToolInput> = {
      prepareInvocation: (options, token) => named(name).prepareInvocation(options, token),
      invoke: (options, token) => named(name).invoke(options, token),
    };
    subscriptions.push(vscode.lm.registerTool(lmToolId(name), delegate));
  }
  return all;
}
