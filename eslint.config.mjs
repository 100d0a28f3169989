// ESLint for the whole repository: typescript-eslint's strict type-checked rules, import order
// and cycles, the architecture's import boundaries (docs/architecture.md) and unused exports.
// Formatting is Prettier's alone (eslint-config-prettier turns off every rule it would fight).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const folders = (path) =>
  readdirSync(join(root, path), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// ---------------------------------------------------------------------------------------------
// Client layers, top first: a file imports its own folder or a lower layer. Folders on one level
// stay out of each other (each feature is its own), except lib and config, the foundation.
const CLIENT = 'frontend/src';
const CLIENT_LAYERS = [['app'], ['features'], ['session', 'toasts', 'theme'], ['components'], ['api'], ['lib', 'config']];
const FOUNDATION = CLIENT_LAYERS.at(-1);
// A folder outside every layer would escape the rules below: name its layer here first.
const unlayered = folders(CLIENT).filter((folder) => folder !== 'test' && !CLIENT_LAYERS.flat().includes(folder));
if (unlayered.length > 0) throw new Error(`eslint.config.mjs: put ${unlayered.join(', ')} (in ${CLIENT}) in a layer of CLIENT_LAYERS`);

/** The folders (relative to frontend/src) that one client folder must not import. */
function clientForbidden(layer, folder) {
  const above = CLIENT_LAYERS.slice(0, layer).flat();
  const neighbours = FOUNDATION.includes(folder) ? [] : CLIENT_LAYERS[layer].filter((other) => other !== folder);
  return [...above, ...neighbours];
}

const clientZones = [
  ...CLIENT_LAYERS.flatMap((layerFolders, layer) =>
    layerFolders
      .filter((folder) => folder !== 'features')
      .map((folder) => ({
        target: `${CLIENT}/${folder}`,
        from: [...clientForbidden(layer, folder).map((other) => `${CLIENT}/${other}`), `${CLIENT}/main.tsx`],
        message: `${folder}/ imports only itself and the layers below it, never app/, features/ or a neighbour on its own layer.`,
      })),
  ),
  ...folders(`${CLIENT}/features`).map((feature, _, features) => ({
    target: `${CLIENT}/features/${feature}`,
    from: [`${CLIENT}/app`, `${CLIENT}/main.tsx`, ...features.filter((other) => other !== feature).map((other) => `${CLIENT}/features/${other}`)],
    message: 'A feature imports only itself and the layers below it: what two features share belongs in a lower layer, pages that compose them in app/routes.',
  })),
];

// ---------------------------------------------------------------------------------------------
// Server modules: common/, config/ and database/ are infrastructure every module may use; they
// import no module. A module reaches another only through its public files: the Nest module, its
// services (what the module exports), its DTOs and responses (the shapes it speaks in), its
// decorators and guards (applied to other modules' routes), and the few files named here.
// Repositories, controllers, mail templates and CLIs stay inside their module.
const SERVER = 'backend/src';
const INFRASTRUCTURE = ['common', 'config', 'database'];
const SERVER_MODULES = folders(SERVER).filter((folder) => !INFRASTRUCTURE.includes(folder));
const PUBLIC_FILES = ['module', 'service', 'dto', 'response', 'decorator', 'guard'].map((role) => `${root}/${SERVER}/*/*.${role}.ts`);
PUBLIC_FILES.push(`${root}/${SERVER}/{users/password-hasher,mail/mail-layout}.ts`);

const serverZones = [
  {
    target: INFRASTRUCTURE.map((folder) => `${SERVER}/${folder}`),
    from: SERVER_MODULES.map((module) => `${SERVER}/${module}`),
    message: 'common/, config/ and database/ are the infrastructure under every module: they import none.',
  },
  ...SERVER_MODULES.map((module) => ({
    target: `${SERVER}/${module}`,
    from: SERVER_MODULES.filter((other) => other !== module).map((other) => `${root}/${SERVER}/${other}/**`),
    except: PUBLIC_FILES,
    message:
      'Another module is reached through its public files (module, service, dto, response, decorator, guard): not its repositories, controllers or helpers.',
  })),
];

const TRANSACTION_SYNTAX = [
  {
    selector: "CallExpression[callee.property.name='transaction'][callee.object.property.name='db']",
    message: "Start a transaction with this.database.transaction(tx => ...): its scope keeps the pool out of the callback's reach.",
  },
  {
    selector: "CallExpression[callee.property.name='transaction'] > :function MemberExpression[property.name='db'][object.property.name='database']",
    message: 'Inside a transaction, use its executor (tx): a query through this.database.db waits for a connection the transaction itself holds.',
  },
];
const SEAT_SYNTAX = {
  selector: "CallExpression[callee.object.property.name='events'][callee.property.name=/^(lockSeats|releaseSeats|changeHeldSeats|lockForChange)$/]",
  message: "The seat has one owner: lock, give back or hold an event's seats, or lock an event for its change, through SeatsService's intent-level calls.",
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/coverage/',
      'test-results/',
      'playwright-report/',
      'backend/src/database/migrations/',
      'data/',
      'frontend/src/api/openapi.d.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  importPlugin.flatConfigs.recommended,
  importPlugin.flatConfigs.typescript,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          // Two configuration files belong to no tsconfig; they are checked with the API tests'
          // compiler options. The journeys have their own (test/journeys/tsconfig.json).
          allowDefaultProject: ['backend/drizzle.config.ts', 'test/playwright.config.ts', 'scripts/*.d.mts'],
          defaultProject: 'test/tsconfig.json',
        },
        tsconfigRootDir: root,
      },
    },
    settings: {
      // Packages are the compiler's to check; reading their built files for cycles is slow and noisy.
      'import/ignore': ['node_modules'],
      'import/resolver': {
        typescript: { project: ['backend/tsconfig.json', 'frontend/tsconfig.json', 'test/tsconfig.json'], noWarnOnMultipleProjects: true },
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      'import/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-duplicates': 'error',
      'import/no-self-import': 'error',
      'import/no-useless-path-segments': 'error',
      // Without the compiler's noUncheckedIndexedAccess, `const [row] = await …` and `map[key]` look
      // never undefined, so this rule calls the checks a missing row needs unnecessary.
      '@typescript-eslint/no-unnecessary-condition': 'off',
      // react-router's navigate() returns a promise only to say when a data router's loaders are
      // done; it never rejects, so a call need not be awaited.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', package: 'react-router', name: 'NavigateFunction' }] },
      ],
      // A destructured name left out of `...rest` is how an object drops a field; `_` marks a
      // parameter kept for its position, as the compiler's noUnusedParameters allows.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true, argsIgnorePattern: '^_' }],
      // The compiler already checks that imports resolve and name real exports.
      'import/default': 'off',
      'import/named': 'off',
      'import/namespace': 'off',
      'import/no-unresolved': 'off',
      // ajv and typescript-eslint export one object both as default and by name, and say to
      // import the default.
      'import/no-named-as-default': 'off',
      'import/no-named-as-default-member': 'off',
      // Nest modules are classes with nothing but a decorator.
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      // `() => setOpen(false)` is the ordinary way to hand a callback over.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // RTK Query declares an endpoint without an argument as `build.query<Result, void>`, and a
      // handler may answer nothing (`| void`).
      '@typescript-eslint/no-invalid-void-type': 'off',
      // Response classes describe the API document's shapes; handlers answer plain objects of them.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
      // Numbers and booleans read naturally in messages; objects and nullish values do not.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
    },
  },

  // The architecture's boundaries hold for application code; tests may reach any file they check
  // and render the app's providers.
  {
    files: [`${SERVER}/**/*.ts`, `${CLIENT}/**/*.{ts,tsx}`],
    ignores: ['**/*.spec.ts', '**/*.test.{ts,tsx}', `${CLIENT}/test/**`],
    rules: { 'import/no-restricted-paths': ['error', { basePath: root, zones: [...clientZones, ...serverZones] }] },
  },

  // Only repositories query tables: nothing else imports a table from database/schema. Row types
  // and the enum value lists (GENDERS, ROLES...) are shapes, free to import anywhere.
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/**/*.repository.ts`, `${SERVER}/database/**`, `${SERVER}/**/*.spec.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)database/schema(/|$)',
              importNamePattern: '^[a-z]',
              allowTypeImports: true,
              message: 'Only *.repository.ts files import tables: ask the owning module for its data.',
            },
          ],
        },
      ],
    },
  },

  // A transaction's callback uses only its own executor (docs/decisions.md): transactions start
  // through DatabaseService.transaction, whose scope lets the connection guard refuse the pool,
  // and the pool's handle is not even written inside one. The guard catches what this cannot see
  // (a repository called without `tx`).
  // The seat has one owner (docs/architecture.md): only seats/ locks an event's seat row, gives
  // seats back, holds them for offers, or changes and deletes an event around them.
  {
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/database/**`, `${SERVER}/seats/**`, `${SERVER}/events/**`],
    rules: { 'no-restricted-syntax': ['error', ...TRANSACTION_SYNTAX, SEAT_SYNTAX] },
  },
  {
    files: [`${SERVER}/seats/**/*.ts`, `${SERVER}/events/**/*.ts`],
    rules: { 'no-restricted-syntax': ['error', ...TRANSACTION_SYNTAX] },
  },

  // The client: the rules of hooks and accessible markup. react-hooks' React Compiler rules stay
  // off: the client is not compiled by it, and its ref rule misreads hooks that return refs
  // inside an object (useDisclosure), reporting every read of that object.
  {
    files: [`${CLIENT}/**/*.{ts,tsx}`],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // React Router's links carry its route prefetching into the home page's script (components/Link.tsx).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router-dom',
              importNames: ['Link', 'NavLink'],
              message: "Use components/Link: React Router's links add 2 kB gzip to the home page.",
            },
          ],
        },
      ],
    },
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: globals.browser },
  },

  // Tests: a response body is untyped JSON that the assertions check, a wrong `!` fails the test
  // on the spot, and `expect(element.scrollIntoView)` reads a mock to check it, never calling it
  // detached: none needs the guarding that application code gets.
  {
    files: ['test/**/*.ts', '**/*.spec.ts', '**/*.test.{ts,tsx}', 'frontend/src/test/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  // Plain JavaScript: scripts and configuration for Node, and the client's pre-paint theme script.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  { files: ['**/*.cjs'], languageOptions: { sourceType: 'commonjs' } },
  { files: ['frontend/public/**/*.js'], languageOptions: { sourceType: 'script', globals: globals.browser } },

  prettier,
);
