import * as vscode from 'vscode';
import type { ModelIndex } from '../../core/dtdl/modelIndex';

/** Codicon per kind of twin, chosen from the model's ancestry (sample and Willow models alike). */
const BY_BASE_NAME: Array<[RegExp, string]> = [
  [/:Building;\d+$/, 'home'],
  [/:(Level|Floor);\d+$/, 'layers'],
  [/:(Room|Space|Zone);\d+$/, 'layout'],
  [/:(Sensor|Capability);\d+$/, 'pulse'],
  [/:(Actuator|Setpoint|Command|State);\d+$/, 'settings-gear'],
  [/:(Asset|Equipment);\d+$/, 'circuit-board'],
  [/:(Document);\d+$/, 'file'],
];

function twinIconId(index: ModelIndex | undefined, modelId: string): string {
  const chain = index?.has(modelId) ? [modelId, ...index.ancestors(modelId)] : [modelId];
  for (const id of chain) {
    for (const [pattern, icon] of BY_BASE_NAME) if (pattern.test(id)) return icon;
  }
  if (index?.has(modelId) && index.isCapability(modelId)) return 'pulse';
  return 'symbol-constant';
}

export function twinIcon(index: ModelIndex | undefined, modelId: string): vscode.ThemeIcon {
  return new vscode.ThemeIcon(twinIconId(index, modelId));
}

export function isCapabilityModel(index: ModelIndex | undefined, modelId: string): boolean {
  return !!index?.has(modelId) && index.isCapability(modelId);
}
