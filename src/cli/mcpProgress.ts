// Progress of a long tools/call, for a client that asked (a progressToken in the call's _meta): a notification each
// second while the call runs, saying what it waits for. A call done within the second sends none.
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

const PROGRESS_EVERY_MS = 1000;
/** The first protocol version whose progress notifications carry a message. */
const PROGRESS_MESSAGE_SINCE = '2025-03-26';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** Starts reporting; the returned function stops it. `status` says what the call is waiting for now. */
export function reportProgress(extra: Extra, protocolVersion: string | undefined, status: () => string): () => void {
  const progressToken = extra._meta?.progressToken;
  if (progressToken === undefined) return () => undefined;
  // Elapsed time on the monotonic clock: a wall clock moved meanwhile does not change it.
  const started = performance.now();
  let progress = 0;
  const timer = setInterval(() => {
    progress += 1;
    const seconds = Math.round((performance.now() - started) / 1000);
    const message = `${status()} (${seconds} s)`;
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress,
          ...((protocolVersion ?? PROGRESS_MESSAGE_SINCE) >= PROGRESS_MESSAGE_SINCE ? { message } : {}),
        },
      })
      .catch(() => undefined);
  }, PROGRESS_EVERY_MS);
  return () => clearInterval(timer);
}
