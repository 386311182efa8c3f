// The agent tools as VS Code language model tools: each core tool (src/core/agentTools) registered with
// vscode.lm.registerTool under its manifest id. A tool uses the active connection unless its input names one.
// A write shows exactly what it will send, and where, in prepareInvocation and sends that same plan once
// confirmed; without a confirmed plan a write is never sent. VS Code tells an invocation from another only by its
// input, so the plans shown for one input wait side by side: an invocation sends one of them only when every plan
// waiting for that input is the same request byte for byte (so what is sent is what its own confirmation showed),
// and nothing when they differ or when a preparation of that input was refused meanwhile (its invocation cannot be
// told from a confirmed one). A plan expires, and is sent only to the connection it names, through the client it
// was planned with.

import * as vscode from 'vscode';
import type { AgentTool, AgentToolContext, PendingWrite } from '../../core/agentTools/agentTool';
import { AGENT_TOOLS } from '../../core/agentTools/agentToolTable';
import {
  failure,
  invokeAgentTool,
  prepareWrite,
  sendPendingWrite,
  type ToolOutcome,
} from '../../core/agentTools/toolInvocation';
import { ToolInputError } from '../../core/agentTools/agentTool';
import type { BuildingTwinsApi } from '../../core/api/types';
import type { ModelIndex } from '../../core/dtdl/modelIndex';
import { CONNECTION_INPUT } from './agentToolNames';
import { toolResultParts } from './toolResultParts';
import { withTokenSignal } from '../shell/tokenSignal';
import { writeConfirmationMessage } from './writeConfirmation';

/** What the tools need from the extension. */
export interface AgentToolServices {
  activeConnection(): string;
  connectionNames(): string[];
  baseUrl(connection: string): string | undefined;
  client(connection: string): Promise<BuildingTwinsApi>;
  models(connection: string): Promise<ModelIndex>;
  log(line: string): void;
  /** Sends a write the tool's own confirmation showed, so the client does not ask again (WriteGate.sendConfirmed). */
  sendConfirmed<T>(connection: string, send: () => Promise<T>): Promise<T>;
  /** Epoch ms (default Date.now); tests inject a fake clock. */
  now?(): number;
}

/** A plan shown by prepareInvocation: what it will send, the client and URL it was planned with, and when. */
interface ShownPlan {
  plan: PendingWrite;
  api: BuildingTwinsApi;
  baseUrl: string | undefined;
  at: number;
  /** The request as bytes (connection, method, path, body): plans of one input are told apart by it. */
  request: string;
}

/** What prepareInvocation left for the invocations of one input. */
interface Waiting {
  plans: ShownPlan[];
  /** Preparations of this input still planning. */
  preparing: number;
  /** A preparation was refused while another was waiting: no invocation of this input can be told to be a confirmed one. */
  ambiguous: boolean;
}

type ToolInput = Record<string, unknown>;

/** A cautious characters-per-token figure for JSON, to turn a chat's token budget into the answer's cap. */
const CHARS_PER_TOKEN = 3;
/** How long a shown plan waits for its invocation. */
const PLAN_LIFETIME_MS = 10 * 60_000;

function result(outcome: ToolOutcome): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult(toolResultParts(outcome));
}

export class AgentLanguageModelTool implements vscode.LanguageModelTool<ToolInput> {
  /** By input: the plans shown for it, oldest first, until invoked or expired. */
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    readonly tool: AgentTool,
    private readonly services: AgentToolServices,
  ) {}

  async prepareInvocation(
    options: vscode.LanguageModelToolInvocationPrepareOptions<ToolInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.PreparedToolInvocation> {
    const named = options.input?.[CONNECTION_INPUT];
    const running = vscode.l10n.t(
      '{0} on "{1}"',
      this.tool.title,
      typeof named === 'string' && named ? named : this.services.activeConnection(),
    );
    const { tool } = this;
    if (tool.access === 'read') return { invocationMessage: running };
    const key = JSON.stringify(options.input ?? {});
    this.forgetOld();
    const waiting = this.waitingFor(key);
    waiting.preparing++;
    try {
      const { connection, input } = this.split(options.input);
      const { ctx, plan } = await withTokenSignal(token, async (signal) => {
        const ctx = await this.context(connection, signal);
        return { ctx, plan: await prepareWrite(tool, input, ctx) };
      });
      const baseUrl = this.services.baseUrl(plan.connection);
      const request = JSON.stringify([plan.connection, plan.method, plan.path, plan.body]);
      waiting.plans.push({ plan, api: ctx.api, baseUrl, at: this.now(), request });
      return { invocationMessage: running, confirmationMessages: writeConfirmationMessage(plan, baseUrl) };
    } catch (error) {
      // Refused before anything is sent (read-only, invalid): invoke reports why; nothing to confirm. VS Code invokes
      // it without asking, so while another preparation of this input waits, no invocation can be trusted.
      if (waiting.plans.length > 0 || waiting.preparing > 1) waiting.ambiguous = true;
      return {
        invocationMessage: vscode.l10n.t(
          '{0}: refused, nothing will be sent ({1})',
          running,
          failure(error).data.error as string,
        ),
      };
    } finally {
      waiting.preparing--;
    }
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<ToolInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    try {
      return await withTokenSignal(token, (signal) => this.invokeWith(options, signal));
    } catch (error) {
      return result(failure(error));
    }
  }

  private async invokeWith(
    options: vscode.LanguageModelToolInvocationOptions<ToolInput>,
    signal: AbortSignal,
  ): Promise<vscode.LanguageModelToolResult> {
    const { connection, input } = this.split(options.input);
    if (this.tool.access === 'read') {
      const budget = options.tokenizationOptions?.tokenBudget;
      return result(
        await invokeAgentTool(
          this.tool,
          input,
          await this.context(connection, signal),
          budget ? budget * CHARS_PER_TOKEN : undefined,
        ),
      );
    }
    // Taken before anything is awaited: a plan is sent at most once.
    const shown = this.takeShown(JSON.stringify(options.input ?? {}));
    if (!shown) {
      // Explain the refusal the same way prepareInvocation would have (read-only, invalid input), else say it was not shown.
      const ctx = await this.context(connection, signal);
      await prepareWrite(this.tool, input, ctx);
      throw new ToolInputError(
        vscode.l10n.t(
          '{0} was not confirmed: a write is only sent after its confirmation was shown. Nothing was sent.',
          this.tool.name,
        ),
      );
    }
    await this.checkStillMeant(shown, connection);
    // Confirmed in prepareInvocation: the client does not ask about it again.
    const outcome = await this.services.sendConfirmed(shown.plan.connection, () =>
      sendPendingWrite(shown.plan, signal),
    );
    this.services.log(
      `Agent tool ${this.tool.name} on "${shown.plan.connection}": ${shown.plan.method} ${shown.plan.path} ${outcome.isError ? `failed: ${String(outcome.data.error)}` : 'sent'}`,
    );
    return result(outcome);
  }

  private split(raw: ToolInput | undefined): { connection: string | undefined; input: ToolInput } {
    const { [CONNECTION_INPUT]: connection, ...input } = raw ?? {};
    if (connection !== undefined && typeof connection !== 'string')
      throw new ToolInputError(vscode.l10n.t('connection must be the name of a connection'));
    return { connection: connection || undefined, input };
  }

  private async context(connection: string | undefined, signal: AbortSignal): Promise<AgentToolContext> {
    const name = connection ?? this.services.activeConnection();
    if (!this.services.connectionNames().includes(name)) {
      throw new ToolInputError(
        vscode.l10n.t(
          'There is no connection "{0}" (connections: {1}).',
          name,
          this.services.connectionNames().join(', '),
        ),
      );
    }
    return {
      api: await this.services.client(name),
      connection: name,
      models: () => this.services.models(name),
      now: () => this.now(),
      signal,
    };
  }

  /** Refuses a shown plan that expired, or whose connection is no longer the one (name, URL, client) it was planned for. */
  private async checkStillMeant(shown: ShownPlan, named: string | undefined): Promise<void> {
    const { plan } = shown;
    const refuse = (why: string): never => {
      throw new ToolInputError(
        vscode.l10n.t(
          '{0} was not sent: {1}. Nothing was sent; ask for it again to see a new confirmation.',
          this.tool.name,
          why,
        ),
      );
    };
    if (this.now() - shown.at > PLAN_LIFETIME_MS)
      refuse(vscode.l10n.t('its confirmation expired after {0} minutes', PLAN_LIFETIME_MS / 60_000));
    const target = named ?? this.services.activeConnection();
    if (target !== plan.connection)
      refuse(vscode.l10n.t('it was confirmed for "{0}", but the connection is now "{1}"', plan.connection, target));
    if (!this.services.connectionNames().includes(plan.connection))
      refuse(vscode.l10n.t('the connection "{0}" was removed', plan.connection));
    if (
      this.services.baseUrl(plan.connection) !== shown.baseUrl ||
      (await this.services.client(plan.connection)) !== shown.api
    ) {
      refuse(vscode.l10n.t('the connection "{0}" changed since it was confirmed', plan.connection));
    }
  }

  private now(): number {
    return this.services.now?.() ?? Date.now();
  }

  private waitingFor(key: string): Waiting {
    let waiting = this.waiting.get(key);
    if (!waiting) {
      waiting = { plans: [], preparing: 0, ambiguous: false };
      this.waiting.set(key, waiting);
    }
    return waiting;
  }

  /**
   * The plan this invocation of `key` may send: one of those shown for the input when they are all the same request.
   * Throws (nothing sent, every waiting plan of the input dropped) when they differ or a refused preparation made
   * the invocations of this input indistinguishable; undefined when none was shown.
   */
  private takeShown(key: string): ShownPlan | undefined {
    const waiting = this.waiting.get(key);
    if (!waiting || (waiting.plans.length === 0 && !waiting.ambiguous)) return undefined;
    const now = this.now();
    const plans = waiting.plans.filter((p) => now - p.at <= PLAN_LIFETIME_MS);
    if (plans.length === 0 && !waiting.ambiguous) {
      // Only expired plans: the latest is taken, for checkStillMeant to say it expired.
      this.waiting.delete(key);
      return waiting.plans.at(-1);
    }
    waiting.plans = plans;
    if (waiting.ambiguous || plans.some((p) => p.request !== plans[0]!.request)) {
      this.waiting.delete(key);
      throw new ToolInputError(
        vscode.l10n.t(
          '{0} was asked more than once at the same time with the same input, and the confirmations shown differ or one was refused, so this call cannot be matched to what its own confirmation showed. Nothing was sent; ask for it again, one call at a time.',
          this.tool.name,
        ),
      );
    }
    const shown = plans.shift();
    if (plans.length === 0 && waiting.preparing === 0) this.waiting.delete(key);
    return shown;
  }

  /** Drops expired plans, and inputs with nothing left waiting. */
  private forgetOld(): void {
    const now = this.now();
    for (const [key, waiting] of this.waiting) {
      waiting.plans = waiting.plans.filter((p) => now - p.at <= PLAN_LIFETIME_MS);
      if (waiting.plans.length === 0 && waiting.preparing === 0 && !waiting.ambiguous) this.waiting.delete(key);
    }
  }
}

/** Every agent tool, each to register under its lmToolId (agentToolRegistration.ts; package.json declares them). */
export function createAgentTools(services: AgentToolServices): readonly AgentLanguageModelTool[] {
  return AGENT_TOOLS.map((tool) => new AgentLanguageModelTool(tool, services));
}
