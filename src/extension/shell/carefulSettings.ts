// The safety settings as they apply: a workspace or folder value counts only where it is more careful than the
// user's own (tightenOnly). Every read of these settings goes through here.
import * as vscode from 'vscode';
import { confirmWritesMode, type ConfirmWritesMode } from '../../core/writes/writePreview';

/** `buildingTwins.confirmWrites`: the user's value, or a workspace's when that asks more often. */
export function confirmWritesSetting(): ConfirmWritesMode {
  return confirmWritesMode(vscode.workspace.getConfiguration('buildingTwins').inspect('confirmWrites'));
}
