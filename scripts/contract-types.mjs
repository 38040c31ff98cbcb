// `npm run build:package`, after `tsc -p tsconfig.lib.json`: the published package's
// dist/types/shared/contract.d.ts without TypeBox, which is the server's and not a dependency of
// the package. The widget imports only types from shared/contract.ts (`import type`), and those are
// `Static<typeof …Schema>` of its TypeBox schemas: tsc's declaration keeps the schemas and
// `Static<…>`, so a site's `tsc` (`skipLibCheck: false`) could not find '@sinclair/typebox'
// (test/package/typings.test.ts). This rewrites that declaration as the contract's exported types
// only, each as the compiler resolves it (the same program as tsc's, from tsconfig.lib.json), and
// removes dist/lib/shared/contract.js, which no shipped module loads.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

process.chdir(new URL('..', import.meta.url).pathname);
const fail = (message) => {
  console.error(`contract-types: ${message}`);
  process.exit(1);
};

const config = ts.getParsedCommandLineOfConfigFile('tsconfig.lib.json', undefined, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
    fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
});
const program = ts.createProgram(config.fileNames, config.options);
const checker = program.getTypeChecker();
const source = program.getSourceFile(resolve('shared/contract.ts'));
if (!source) fail('shared/contract.ts is not in the package build');

const flags =
  ts.NodeBuilderFlags.InTypeAlias |
  ts.NodeBuilderFlags.NoTruncation |
  ts.NodeBuilderFlags.MultilineObjectLiterals;
const printer = ts.createPrinter({ removeComments: false });
const exported = (node) =>
  ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export && !ts.isExportDeclaration(node);

/** A statement's own doc comments, as written. */
const docOf = (node) => (node?.jsDoc ?? []).map((comment) => comment.getText(source)).join('\n');
/** The schema statement of `type X = Static<typeof XSchema>`, whose doc is the type's. */
const schemaOf = (alias) => {
  const match = /^Static<typeof (\w+)>$/.exec(alias.type.getText(source));
  return (
    match &&
    source.statements.find(
      (node) =>
        ts.isVariableStatement(node) &&
        node.declarationList.declarations.some((d) => d.name.getText(source) === match[1]),
    )
  );
};

const declarations = source.statements.filter(
  (node) => ts.isTypeAliasDeclaration(node) && exported(node),
);
const aliases = declarations.map((node) => {
  if (node.typeParameters) fail(`generic type ${node.name.text} is not supported`);
  const doc = docOf(node) || docOf(schemaOf(node));
  const type = checker.typeToTypeNode(checker.getTypeAtLocation(node.name), node, flags);
  const text = printer.printNode(ts.EmitHint.Unspecified, type, source);
  return `${doc ? `${doc}\n` : ''}export type ${node.name.text} = ${text};\n`;
});
const names = new Set(declarations.map((node) => node.name.text));
const others = source.statements.filter(
  (node) => exported(node) && !names.has(node.name?.text) && !ts.isVariableStatement(node),
);
// Values (the schemas, `checkTicketOfficeRules`, the re-exported patterns) stay the server's:
// only types may be published from here; an exported interface or class would be lost.
for (const node of others.filter((node) => !ts.isFunctionDeclaration(node))) {
  fail(`unsupported export: ${node.getText(source).split('\n')[0]}`);
}

const text = `/**
 * The contract's types as the widget uses them (shared/contract.ts), resolved from its TypeBox
 * schemas at build time by scripts/contract-types.mjs: the schemas are the server's.
 */
${aliases.join('')}`;
if (/@sinclair\/typebox|import\(|\bStatic</.test(text))
  fail('a resolved type still names a module');

const dist = 'packages/venue-events/dist';
const loads = readdirSync(join(dist, 'lib'), { recursive: true })
  .filter((name) => name.endsWith('.js'))
  .filter((name) =>
    /from\s+['"][^'"]*\/contract\.js['"]|import\(\s*['"][^'"]*\/contract\.js/.test(
      readFileSync(join(dist, 'lib', name), 'utf8'),
    ),
  );
if (loads.length > 0) fail(`shared/contract.js is loaded by ${loads.join(', ')}`);

writeFileSync(join(dist, 'types/shared/contract.d.ts'), text);
rmSync(join(dist, 'lib/shared/contract.js'), { force: true });
