// What the editor's DTDL features need (the model-set validator behind diagnostics; completion, hover, definitions,
// references and rename), loaded with `await import()` when the first DTDL document is checked or asked about. The
// extension's build makes it a bundle of its own (esbuild.mjs, FIRST_USE_MODULES), so a window that never opens a
// model file neither parses nor compiles it. It takes and returns plain data only: the bundle holds its own copies
// of the modules it shares with the extension's, so nothing that crosses this seam may depend on a class's identity.
export { ModelAuthoring } from './authoring/modelAuthoring';
export { ModelSetValidator } from './validation/validateModels';
