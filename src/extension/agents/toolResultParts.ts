// The parts of a language model tool result: the answer's text (what the model reads) and, where VS Code has data
// parts (1.106+; LanguageModelDataPart is looked up at runtime, @types/vscode stays at 1.99), a tool's chart points
// as JSON data for whoever consumes the result programmatically (lm.invokeTool from another extension, a renderer).
import type * as vscode from 'vscode';
import { CHART_POINTS_MIME, chartPointsOf } from '../../core/agentTools/chartPoints';
import type { ToolOutcome } from '../../core/agentTools/toolInvocation';
import { vscodeApi } from '../shell/vscodeApi';

type DataPartClass = { json(value: unknown, mime?: string): object };

function dataPartClass(api: typeof vscode): DataPartClass | undefined {
  const cls = (api as unknown as { LanguageModelDataPart?: Partial<DataPartClass> }).LanguageModelDataPart;
  return typeof cls?.json === 'function' ? (cls as DataPartClass) : undefined;
}

export function toolResultParts(outcome: ToolOutcome, api: typeof vscode = vscodeApi): vscode.LanguageModelTextPart[] {
  const text = new api.LanguageModelTextPart(outcome.text);
  const dataPart = dataPartClass(api);
  const points = outcome.isError || !dataPart ? undefined : chartPointsOf(outcome.data);
  // The result accepts data parts where the class exists; the 1.99 types only name text and prompt-tsx parts.
  return points ? [text, dataPart!.json(points, CHART_POINTS_MIME) as vscode.LanguageModelTextPart] : [text];
}
