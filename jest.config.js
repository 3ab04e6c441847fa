// One Jest run for the whole tree. TypeScript is transformed by SWC (no type-check here: `make typecheck`).
// Workspace packages are mapped to their sources so tests never need a build, except the
// browser and trace tests, which start the built portal as real processes.
const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const services = 'identity|dealer|order|shipping|catalog|media|geocoding|incentive';

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(d3-geo|d3-array|internmap|topojson-client|kdbush|geokdbush|tinyqueue|supercluster)/)',
  ],
  moduleNameMapper: {
    '^@portal/contracts$': '<rootDir>/contracts/src',
    '^@portal/platform$': '<rootDir>/services/platform/src',
    '^@portal/platform/(.*)$': '<rootDir>/services/platform/src/$1',
    '^@portal/gateway$': '<rootDir>/gateway/src/app',
    [`^@portal/(${services})$`]: '<rootDir>/services/$1/src/app',
  },
  // deploy/faults: the fault suite (real processes, private PostgreSQL and RabbitMQ servers)
  testMatch: ['<rootDir>/**/test/**/*.test.ts', '<rootDir>/deploy/faults/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  globalSetup: '<rootDir>/scripts/jest/global-setup.js',
  globalTeardown: '<rootDir>/scripts/jest/global-teardown.js',
  testTimeout: 30000,
  maxWorkers: 2,
};
