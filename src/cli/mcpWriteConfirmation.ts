// A write shown to the user and confirmed before it is sent, over MCP elicitation: the question holds the whole
// request the write will send (method, URL, body), and the user's answer decides. Declined or cancelled, nothing is
// sent and the tool answers, without an error, that the user declined.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { PendingWrite } from '../core/agentTools/agentTool';
import type { ToolOutcome } from '../core/agentTools/toolInvocation';
import { stripControl } from '../core/untrusted/controlCharacters';

/** How long the user has to answer (a person reads the request first); the tool call's cancellation ends it sooner. */
const CONFIRMATION_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * JSON as sent, laid out on lines, with characters that print as nothing or move text (C1 controls, format and
 * separator characters) escaped: the user sees every character, and the text is still the same JSON value.
 */
export function visibleJson(value: unknown): string {
  return (JSON.stringify(value, null, 2) ?? 'null').replace(
    /[\u007f-\u009f\p{Cf}\u2028\u2029]/gu,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The question: what the write does, then the request exactly (method, full URL, body). */
export function confirmationMessage(plan: PendingWrite, baseUrl: string): string {
  return [
    `An agent asks to ${stripControl(plan.summary)} on "${stripControl(plan.connection)}". Send this request?`,
    '',
    `${plan.method} ${stripControl(baseUrl.replace(/\/+$/, ''))}${stripControl(plan.path)}`,
    visibleJson(plan.body),
    '',
    'Accept sends exactly this; Decline or Cancel sends nothing.',
  ].join('\n');
}

export type UserAnswer = 'accept' | 'decline' | 'cancel';

/** Asks the client's user; rejects when the client could not ask (an error, the timeout, the call cancelled). */
export async function askToSend(
  server: Server,
  plan: PendingWrite,
  baseUrl: string,
  signal: AbortSignal,
): Promise<UserAnswer> {
  const answer = await server.elicitInput(
    // Nothing to fill in: the answer itself (accept, decline, cancel) is the confirmation.
    { message: confirmationMessage(plan, baseUrl), requestedSchema: { type: 'object', properties: {} } },
    { signal, timeout: CONFIRMATION_TIMEOUT_MS },
  );
  return answer.action;
}

/** The answer to a write the user did not accept: not an error, and valid against the write tools' outputSchema. */
export function notSent(plan: PendingWrite, answer: Exclude<UserAnswer, 'accept'>): ToolOutcome {
  const how = answer === 'decline' ? 'declined' : 'cancelled';
  const data = {
    done: `nothing: the user ${how} "${plan.summary}"; nothing was sent`,
    connection: plan.connection,
    sent: false,
    userAnswer: answer,
  };
  return { text: JSON.stringify(data), data, isError: false };
}
