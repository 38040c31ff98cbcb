// `npm run build:package`, after `cem analyze`: the editors' data of the published package, from its
// Custom Elements Manifest (packages/venue-events/custom-elements.json), as Shoelace ships them:
// VS Code's HTML and CSS custom data (`vscode.html-custom-data.json`, `vscode.css-custom-data.json`:
// the elements, their attributes, and the `--venue-events-*` properties) and JetBrains' web-types
// (`web-types.json`), which the package's package.json points at (`customData`, `web-types`).
// Written by break-stuff's cem-tools generators. The package folder is the working directory, so
// the web-types name the package (`venue-events`) and its version, not this repository's.
import { readFileSync } from 'node:fs';

process.chdir(new URL('../packages/venue-events/', import.meta.url).pathname);
const { generateVsCodeCustomElementData } = await import('custom-element-vs-code-integration');
const { generateJetBrainsWebTypes } = await import('custom-element-jet-brains-integration');

const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
const options = {
  outdir: './',
  // The filter bar `<venue-events>` mounts in its own root: never written in a page.
  exclude: ['VenueEventsFilters'],
  hideLogs: true,
  hideMethodDocs: true,
};
generateVsCodeCustomElementData(manifest, {
  ...options,
  htmlFileName: 'vscode.html-custom-data.json',
  cssFileName: 'vscode.css-custom-data.json',
});
generateJetBrainsWebTypes(manifest, { ...options, webTypesFileName: 'web-types.json' });
