// Messages of the twin graph panel (webview <-> host).
import type { RelationshipDirection } from '../../core/api/types';

export const TWIN_GRAPH_VIEW_TYPE = 'buildingTwins.twinGraph';

/** At most this many roots are drawn together (the first selected twins). */
export const MAX_GRAPH_ROOTS = 10;

export interface GraphHopOptions {
  /** Empty = any relationship name. */
  relationshipNames: string[];
  direction: RelationshipDirection;
  /** Number of nested hops, 1..5. */
  depth: number;
}

export interface GraphNode {
  id: string;
  label: string;
  modelId: string;
  modelLabel: string;
}
export interface GraphEdge {
  id: string;
  source: string;
  target: string;
  name: string;
}
export interface GraphData {
  rootId: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

/** How the graph is laid out: rings around the root, layers top-down, or force-directed. */
export const GRAPH_LAYOUTS = ['concentric', 'hierarchical', 'forceDirected'] as const;
export type GraphLayout = (typeof GRAPH_LAYOUTS)[number];

export interface TwinGraphPanelState {
  /** The layout chosen in the panel (concentric when absent). */
  layout?: GraphLayout;
  connection?: string;
  rootId: string;
  /** More roots drawn with the first (a multi-selection in the explorer). */
  otherRootIds?: string[];
  hops?: GraphHopOptions;
  /** Nodes expanded in place, in order (replayed on restore). */
  expanded?: string[];
}

export type TwinGraphMethods = {
  init: {
    params: Record<string, never>;
    result: {
      connection: string;
      rootId: string;
      otherRootIds: string[];
      hops: GraphHopOptions;
      relationshipNames: string[];
    };
  };
  graph: { params: { rootId: string; hops: GraphHopOptions }; result: GraphData };
  openTwin: { params: { twinId: string }; result: { opened: boolean } };
  /** The drawn twins and their relationships in ADT Explorer's graph format, to a file the user picks. */
  exportJson: { params: { twinIds: string[] }; result: ExportResult };
  /** The canvas as drawn (a PNG data URL), to a file the user picks. */
  exportPng: { params: { png: string }; result: ExportResult };
};

/** Saved (with what was written) or cancelled in the save dialog; the path stays with the host. */
export type ExportResult = { saved: true; twins?: number; relationships?: number } | { saved: false };

/** A PNG export larger than this (as a data URL) is refused. */
export const MAX_PNG_DATA_URL_CHARS = 40_000_000;

/** The service's relationship-name enum for twin filters and graph hops. */
export const KNOWN_RELATIONSHIP_NAMES = [
  'isPartOf',
  'isDocumentOf',
  'hasDocument',
  'isCapabilityOf',
  'locatedIn',
  'hostedBy',
  'includedIn',
  'servedBy',
  'leasee',
  'hasLease',
  'locatedInGridRegion',
  'isParameterOf',
  'isFedBy',
  'subMeterOf',
  'serves',
  'ownedBy',
  'manufacturedBy',
  'serviceResponsibility',
  'installedBy',
  'servicedBy',
] as const;
