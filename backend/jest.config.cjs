/**
 * What the repeat on another database leaves out besides (see testPathIgnorePatterns):
 * - the files that answer the same whatever database is under them: the server process (it
 *   always starts on an embedded database of its own), the HTTP platform, a client hanging up,
 *   the input rules every route is held to, the metrics;
 * - the races: on the embedded database or a pool of one, requests that race take turns for the
 *   one connection. The run on PostgreSQL's pool proves each invariant under requests truly side
 *   by side, and the transactions file proves on both that no transaction waits on the pool;
 * - the two slowest files whose database work is one settings row and one account, which the
 *   festival settings' and the accounts' files run on both: the festival's dates (a clock moved
 *   through every rule) and the first super admin (a command-line process per case).
 */
const REPEAT_LEAVES_OUT = ['/(server-process|platform|client-abort|input|metrics|festival-dates|super-admin)\\.e2e-spec\\.ts$', '-races\\.e2e-spec\\.ts$'];

// Nest 12 ships ES modules; Jest on Node 20 runs CommonJS, so @swc/jest compiles both our
// TypeScript and Nest's own .js to CommonJS (see docs/decisions.md).
const transform = {
  // .mjs too: a test may share a script's helper (scripts/fresh-database.mjs).
  '^.+\\.(t|j|mj)s$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};
const shared = {
  transform,
  testEnvironment: 'node',
  // Fastify's plugins require two ES-module-only packages from folders of their own (`.../node_modules/x/node_modules/cookie`).
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|file-type|strtok3|token-types|uint8array-extras|@tokenizer|@borewit|content-disposition|cookie)/)(?!.*/node_modules/(content-disposition|cookie)/)',
  ],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};

module.exports = {
  // API tests start the whole application (and, on PGlite, a database) per file, and CI runs
  // several suites side by side on two cores: a test's budget is for a hang, not for a slow machine.
  testTimeout: 120_000,
  projects: [
    { ...shared, displayName: 'unit', rootDir: __dirname, testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    {
      ...shared,
      displayName: 'e2e',
      rootDir: `${__dirname}/..`,
      testMatch: ['<rootDir>/test/api/**/*.e2e-spec.ts'],
      testPathIgnorePatterns: [
        // A `*.sessions.e2e-spec.ts` file needs requests served side by side while one waits on a
        // lock: neither the embedded database (one connection) nor a pool of one can, by design.
        ...(process.env.DATABASE_URL && process.env.DATABASE_POOL_SIZE !== '1' ? [] : ['\\.sessions\\.e2e-spec\\.ts$']),
        // `npm test` runs the suite again on other databases (scripts/test-all.mjs). It leaves out
        // the fault suite, which starts a PostgreSQL server of its own whatever the database, and
        // the files about the HTTP layer alone (hostile input, the API document's shapes, the role
        // table, compression), which answer the same whatever database is under them.
        ...(process.env.API_SUITE_REPEAT === 'true'
          ? ['/(faults|fuzz|contract|teams-contract|route-policy|compression)\\.e2e-spec\\.ts$', ...REPEAT_LEAVES_OUT]
          : []),
      ],
      setupFilesAfterEnv: ['<rootDir>/test/api/support/fail-on-driver-warnings.ts'],
    },
  ],
};
