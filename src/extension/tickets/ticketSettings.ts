import * as vscode from 'vscode';
import { ticketPageSize } from './ticketPageSize';

/** `buildingTwins.tickets.pageSize`, checked (1..1000) before any request is made. */
export function configuredTicketPageSize(): number {
  return ticketPageSize(vscode.workspace.getConfiguration('buildingTwins').get<unknown>('tickets.pageSize'));
}
