// The emulator refuses JSON nested deeper than the service does; the check itself is shared with the
// import parsers (src/core).
export { exceedsJsonDepth, MAX_JSON_DEPTH } from '../core/untrusted/jsonDepth';
