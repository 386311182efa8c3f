// `buildingTwins.twins.labelProperty`: the twin property the explorer and the twin graph name twins by.
import * as vscode from 'vscode';
import { DEFAULT_LABEL_PROPERTY } from './twinLabel';

export function twinLabelProperty(): string {
  const value = vscode.workspace.getConfiguration('buildingTwins').get<unknown>('twins.labelProperty');
  return typeof value === 'string' && value.trim() ? value.trim() : DEFAULT_LABEL_PROPERTY;
}
