// `npm run lint`: lists every export that no other file imports. Such an export is dead code, or a
// name that should stay local to its file. The compiler resolves each import to the declaration it
// names, through re-exports and `import * as`, so nothing is matched by spelling.
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PROJECTS = ['backend/tsconfig.json', 'frontend/tsconfig.json', 'test/tsconfig.json'];
/** Files no tsconfig includes, read with the tests' compiler options: the browser journeys and their config. */
const UNCONFIGURED = {
  'test/tsconfig.json': [
    'test/playwright.config.ts',
    ...readdirSync(join(root, 'test/journeys'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `test/journeys/${name}`),
  ],
};

/** Files whose exports are read by a tool, not imported: tests, entry points, drizzle-kit's schema. */
const READ_BY_TOOLS = [
  /\.(spec|e2e-spec|test)\.tsx?$/,
  /^backend\/src\/main\.ts$/,
  /-cli\.ts$/,
  /^backend\/src\/database\/schema\//,
  /^frontend\/src\/main\.tsx$/,
  /^frontend\/vite\.config\.ts$/,
  /^test\/playwright\.config\.ts$/,
  /\.d\.ts$/,
];

const ownFile = (sourceFile) =>
  !sourceFile.isDeclarationFile && !relative(root, sourceFile.fileName).startsWith('..') && !sourceFile.fileName.includes('/node_modules/');
const keyOf = (declaration) => `${relative(root, declaration.getSourceFile().fileName)}:${declaration.getStart()}`;

function loadProgram(configPath) {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, configPath), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const extra = (UNCONFIGURED[configPath] ?? []).map((path) => join(root, path));
  return ts.createProgram({ rootNames: [...parsed.fileNames, ...extra], options: { ...parsed.options, noEmit: true } });
}

/** The declarations a symbol stands for, following import and re-export aliases. */
function declarationsOf(checker, symbol) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return target.declarations ?? [];
}

/** Every export of a source file, keyed by its declaration, with the name it is exported as. */
function exportsOf(checker, sourceFile) {
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  if (!moduleSymbol) return [];
  return checker
    .getExportsOfModule(moduleSymbol)
    .filter((symbol) => !(symbol.flags & ts.SymbolFlags.Alias)) // re-exports are counted where they are declared
    .flatMap((symbol) =>
      (symbol.declarations ?? [])
        .filter((declaration) => declaration.getSourceFile() === sourceFile)
        .slice(0, 1)
        .map((declaration) => ({
          key: keyOf(declaration),
          name: symbol.name,
          line: sourceFile.getLineAndCharacterOfPosition(declaration.getStart()).line + 1,
        })),
    );
}

/**
 * Marks as used what one file imports: named and default imports, and every export of a module
 * taken whole (`import * as`, `import()`, `import('…').Type`). Re-exports mark nothing themselves:
 * an import through them resolves to the original declaration.
 */
function markImports(checker, sourceFile, used) {
  const markSymbol = (symbol) => symbol && declarationsOf(checker, symbol).forEach((declaration) => used.add(keyOf(declaration)));
  const markModule = (specifier) => {
    const moduleSymbol = checker.getSymbolAtLocation(specifier);
    if (moduleSymbol) checker.getExportsOfModule(moduleSymbol).forEach(markSymbol);
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && node.importClause) {
      const { name, namedBindings } = node.importClause;
      if (name) markSymbol(checker.getSymbolAtLocation(name));
      if (namedBindings && ts.isNamespaceImport(namedBindings)) markModule(node.moduleSpecifier);
      if (namedBindings && ts.isNamedImports(namedBindings)) namedBindings.elements.forEach((element) => markSymbol(checker.getSymbolAtLocation(element.name)));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0]) {
      markModule(node.arguments[0]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      markModule(node.argument.literal);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
}

const used = new Set();
const exported = new Map();
for (const configPath of PROJECTS) {
  const program = loadProgram(configPath);
  const checker = program.getTypeChecker();
  for (const sourceFile of program.getSourceFiles().filter(ownFile)) {
    markImports(checker, sourceFile, used);
    const path = relative(root, sourceFile.fileName);
    if (READ_BY_TOOLS.some((pattern) => pattern.test(path))) continue;
    for (const entry of exportsOf(checker, sourceFile)) exported.set(entry.key, { ...entry, path });
  }
}

const unused = [...exported.entries()].filter(([key]) => !used.has(key)).map(([, entry]) => entry);
unused.sort((a, b) => a.path.localeCompare(b.path) || a.line - b.line);
for (const { path, line, name } of unused) console.error(`${path}:${line}  '${name}' is exported but no other file imports it`);
if (unused.length > 0) {
  console.error(`\n${unused.length} unused export(s): make them local, or delete them if nothing uses them.`);
  process.exitCode = 1;
} else {
  console.log('Unused exports: none.');
}
