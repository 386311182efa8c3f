import { accepts, type CommandTable } from '../shell/commandTypes';
import type { ExtensionServices } from '../shell/services';
import { keepRemoteDocumentsOutOfAutoSave } from './autoSaveAdvice';

export const documentCommands: CommandTable<ExtensionServices> = {
  'buildingTwins.keepRemoteDocumentsOutOfAutoSave': accepts().run((ctx: Pick<ExtensionServices, 'log'>) =>
    keepRemoteDocumentsOutOfAutoSave(ctx.log),
  ),
};
