// `cem analyze` (npm run build:package): the Custom Elements Manifest of the published package.
// `packagejson: false` keeps the analyzer from writing a `customElements` field into the root
// package.json; the published package.json in packages/venue-events declares it itself.

/**
 * Lit's `static properties = { name: { state: true } }` is reactive state with no attribute, but
 * the analyzer lists it as one: editors (the VS Code and JetBrains data made from the manifest)
 * would offer it. This drops those attributes.
 */
const litState = () => ({
  name: 'lit-state-is-no-attribute',
  analyzePhase({ ts, node, moduleDoc }) {
    if (!ts.isClassDeclaration(node) || !node.name) return;
    const properties = node.members.find(
      (m) =>
        ts.isPropertyDeclaration(m) &&
        m.name?.getText() === 'properties' &&
        m.initializer &&
        ts.isObjectLiteralExpression(m.initializer),
    );
    if (!properties) return;
    const states = properties.initializer.properties
      .filter(
        (p) =>
          ts.isPropertyAssignment(p) &&
          ts.isObjectLiteralExpression(p.initializer) &&
          p.initializer.properties.some(
            (o) =>
              o.name?.getText() === 'state' && o.initializer?.kind === ts.SyntaxKind.TrueKeyword,
          ),
      )
      .map((p) => p.name.getText());
    const declaration = moduleDoc.declarations?.find((d) => d.name === node.name.getText());
    if (declaration?.attributes) {
      declaration.attributes = declaration.attributes.filter(
        (a) => !states.includes(a.fieldName ?? a.name),
      );
    }
  },
});

export default {
  globs: ['widget/*.ts'],
  exclude: ['widget/index.ts', 'widget/script.ts', 'widget/*.styles.ts'],
  outdir: 'packages/venue-events',
  litelement: true,
  packagejson: false,
  plugins: [litState()],
};
