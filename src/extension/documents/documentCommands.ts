import type { CommandsFor } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { keepRemoteDocumentsOutOfAutoSave } from './autoSaveAdvice';
import { commandParameters } from '../shell/commandArgs';

/** What the commands of documentCommands accept, position by position (commandArgs.ts). */
export const documentParameters = commandParameters({
  'buildingTwins.keepRemoteDocumentsOutOfAutoSave': [],
});

export const documentCommands: CommandsFor<typeof documentParameters, ExtensionServices> = {
  'buildingTwins.keepRemoteDocumentsOutOfAutoSave': (ctx: Pick<ExtensionServices, 'log'>) =>
    keepRemoteDocumentsOutOfAutoSave(ctx.log),
};
