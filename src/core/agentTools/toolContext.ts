import type { BuildingTwinsApi, CallOptions } from '../api/types';
import { ModelIndex } from '../dtdl/modelIndex';
import type { AgentToolContext } from './agentTool';

/**
 * A context over one connection. Its models are read once (GET /models with definitions) on first use
 * and kept for the context's life: a front end makes one context per connection and drops it when the
 * connection changes.
 */
export function createToolContext(
  api: BuildingTwinsApi,
  connection: string,
  options: { now?: () => number; signal?: AbortSignal } = {},
): AgentToolContext {
  let models: Promise<ModelIndex> | undefined;
  const call: CallOptions = options.signal ? { signal: options.signal } : {};
  return {
    api,
    connection,
    now: options.now ?? (() => Date.now()),
    signal: options.signal,
    models: () => {
      models ??= api
        .listModels({ includeModelDefinitions: true }, call)
        .then((list) => ModelIndex.fromServiceModels(list));
      // A failed read is not kept: the next call tries again.
      models.catch(() => {
        models = undefined;
      });
      return models;
    },
  };
}
