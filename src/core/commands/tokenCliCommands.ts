import type { CliCommand } from './cliCommand';

export const tokenCliCommands: CliCommand[] = [
  {
    words: ['token'],
    summary: 'Request an access token and print the token response (for use with other tools)',
    run: (ctx) => ctx.client().getToken({ signal: ctx.signal }),
  },
];
