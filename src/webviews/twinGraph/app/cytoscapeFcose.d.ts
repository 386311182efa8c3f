// cytoscape-fcose ships no types: it is a cytoscape extension (cytoscape.use(fcose)).
declare module 'cytoscape-fcose' {
  import type cytoscape from 'cytoscape';
  const fcose: cytoscape.Ext;
  export = fcose;
}
