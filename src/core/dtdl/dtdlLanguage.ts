// What the editor's DTDL features need (the model-set validator behind diagnostics; completion, hover, definitions,
// references and rename), loaded with `await import()` when the first DTDL document is checked or asked about
// (src/extension/models/dtdlLanguageLoader.ts). The extension's build makes it a bundle of its own (esbuild.mjs,
// FIRST_USE_MODULES), so a window that never opens a model file neither parses nor compiles it. That bundle holds
// its own copies of the modules it shares with the extension's: only plain data crosses the seam (no class checked
// with `instanceof`), and its copy of l10n gets the window's translation from the loader (configureL10n).
export { configureL10n } from '../../shared/l10n';
export { ModelAuthoring } from './authoring/modelAuthoring';
export { ModelSetValidator } from './validation/validateModels';
