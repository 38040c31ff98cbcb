// `cem analyze` (npm run build:package): the Custom Elements Manifest of the published package.
// `packagejson: false` keeps the analyzer from writing a `customElements` field into the root
// package.json; the published package.json in packages/venue-events declares it itself.
export default {
  globs: ['widget/*.ts'],
  exclude: ['widget/index.ts', 'widget/script.ts', 'widget/*.styles.ts'],
  outdir: 'packages/venue-events',
  litelement: true,
  packagejson: false,
};
