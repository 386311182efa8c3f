// The entry of dist/lib/ajv.js (scripts/firstUseLibraryPlugin.mjs): ajv and ajv-formats in one bundle, each by name,
// so every bundle that uses them loads this one copy.
module.exports = {
  ajv: require('ajv'),
  'ajv-formats': require('ajv-formats'),
  'ajv-formats/dist/formats': require('ajv-formats/dist/formats'),
};
