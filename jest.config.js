// One Jest configuration for the whole tree, in four projects (`--selectProjects <name>` runs one):
//   unit         no servers, no browser, no build: contracts, domain rules, pure platform parts, the gateway
//                against in-process fakes, deploy's configuration checks, web/test/unit (`make test-unit`)
//   integration  real PostgreSQL, RabbitMQ, SMTP or S3 API servers, or the built portal: every other test
//   e2e          web/test/e2e: the built portal in Chromium
//   faults       deploy/faults: real processes with private PostgreSQL and RabbitMQ servers
// A new test file lands in integration unless a UNIT pattern names it. TypeScript is transformed by SWC (no
// type-check here: `make typecheck`, tsconfig.test.json). Workspace packages are mapped to their sources so tests
// never need a build, except the browser, trace, seed and bundle-size tests, which read the built portal.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const services = 'identity|dealer|order|shipping|catalog|media|geocoding|incentive';

/** What every project shares; tsconfig.test.json's `paths` mirror moduleNameMapper (deploy/test/test-types.test.ts). */
const shared = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [
    // ESM-only packages, compiled to CommonJS for Jest (otplib's base32 and hashes: @scure, @noble)
    '/node_modules/(?!(d3-geo|d3-array|internmap|topojson-client|kdbush|geokdbush|tinyqueue|supercluster|@otplib|@scure|@noble)/)',
  ],
  moduleNameMapper: {
    '^@portal/contracts$': '<rootDir>/contracts/src',
    '^@portal/contracts/values$': '<rootDir>/contracts/src/values',
    '^@portal/platform$': '<rootDir>/services/platform/src',
    '^@portal/platform/(.*)$': '<rootDir>/services/platform/src/$1',
    '^@portal/gateway$': '<rootDir>/gateway/src/app',
    [`^@portal/(${services})$`]: '<rootDir>/services/$1/src/app',
  },
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

// absolute globs: Jest expands <rootDir> only at the start of a glob, so never after a `!`
const inRepo = (glob) => `${__dirname}/${glob}`;

/** Tests that need no server, browser or build. */
const UNIT = [
  'contracts/test/**/*.test.ts',
  'services/*/test/domain/**/*.test.ts',
  'services/catalog/test/data/product-image-store.test.ts',
  'services/geocoding/test/{offline-accuracy,state-shapes}.test.ts',
  'services/platform/test/config/*.test.ts',
  'services/platform/test/db/database-unavailable.test.ts',
  'services/platform/test/images/*.test.ts',
  'services/platform/test/mail/{public-mail-failure,smtp-options}.test.ts',
  'services/platform/test/storage/{check-upload,download-token}.test.ts',
  'gateway/test/{docs-page,edge-auth,edge-limits,maintenance,metrics,pages,proxy,routing-table,sessions}.test.ts',
  'deploy/test/*.test.ts',
  'web/test/unit/*.test.ts',
].map(inRepo);
/** Unit-shaped, but reads the built web client (web/dist). */
const NEEDS_BUILD = ['web/test/unit/bundleSize.test.ts'].map(inRepo);
const E2E = ['web/test/e2e/**/*.test.ts'].map(inRepo);
const FAULTS = ['deploy/faults/*.test.ts'].map(inRepo);
// in testMatch, a later glob overrides an earlier one, and `!` drops what it matches
const not = (globs) => globs.map((glob) => `!${glob}`);

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30000,
  maxWorkers: 2,
  projects: [
    { ...shared, displayName: 'unit', testMatch: [...UNIT, ...not(NEEDS_BUILD)] },
    {
      ...shared,
      displayName: 'integration',
      testMatch: [inRepo('**/test/**/*.test.ts'), ...not(UNIT), ...NEEDS_BUILD, ...not(E2E)],
      // finds PostgreSQL and RabbitMQ (or starts them with Testcontainers) before any test runs
      globalSetup: '<rootDir>/scripts/jest/global-setup.js',
      globalTeardown: '<rootDir>/scripts/jest/global-teardown.js',
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: E2E,
      globalSetup: '<rootDir>/scripts/jest/global-setup.js',
      globalTeardown: '<rootDir>/scripts/jest/global-teardown.js',
    },
    { ...shared, displayName: 'faults', testMatch: FAULTS },
  ],
};
