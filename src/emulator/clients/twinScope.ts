import { twinAncestors } from '../routes/twinLocation';
import type { TwinGraph } from '../twins/twinGraph';

/**
 * The twins a location-scoped client may address: the location twin and every twin under it through
 * isPartOf, locatedIn, isCapabilityOf and hostedBy (the relationships the service's `UNDER(<twin>)` scope
 * follows). Unknown twins are outside. Answers are remembered, so make one per request.
 */
export class TwinScope {
  private readonly answers = new Map<string, boolean>();

  constructor(
    private readonly graph: TwinGraph,
    readonly location: string,
  ) {}

  contains(twinId: string): boolean {
    let inside = this.answers.get(twinId);
    if (inside === undefined) {
      inside =
        this.graph.getTwin(twinId) !== undefined &&
        (twinId === this.location || twinAncestors(this.graph, twinId).some((twin) => twin.id === this.location));
      this.answers.set(twinId, inside);
    }
    return inside;
  }
}
