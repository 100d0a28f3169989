/**
 * The files the repeat on the embedded database runs (see testPathIgnorePatterns). What that
 * database changes is its driver (the rows' shapes: dates, numbers, JSON), its one connection
 * (transactions take turns; a wait on the pool would freeze the product) and its data folder.
 * So the repeat runs the files that write through every module's transactions and read their
 * rows back: registering solo and as teams, the waitlist, approvals, the event day and the door,
 * certificates, messages, the outbox, the festival settings, an account's data and deletion, the
 * transactions file (no transaction waits on the pool) and the backup of the data folder. The
 * rest answer the same on either database and run once, on PostgreSQL, whose pool also proves
 * every race with requests truly side by side (docs/decisions.md, "Every suite on both databases").
 */
const REPEAT_RUNS = [
  'account-data',
  'approvals',
  'backup',
  'certificates',
  'door',
  'event-day',
  'festival-settings',
  'mail',
  'messages',
  'registrations',
  'teams',
  'transactions',
  'waitlist',
];

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
        // `npm test` runs the suite again on the embedded database (scripts/test-all.mjs): the files above.
        ...(process.env.API_SUITE_REPEAT === 'true' ? [`^(?!.*/(${REPEAT_RUNS.join('|')})\\.e2e-spec\\.ts$)`] : []),
      ],
      setupFilesAfterEnv: ['<rootDir>/test/api/support/fail-on-driver-warnings.ts'],
    },
  ],
};
