import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, runnerImport } from 'vite';

// The client takes its DTO types and schemas from the contract's sources, never from a copy.
const contracts = fileURLToPath(new URL('../contracts/src/index.ts', import.meta.url));
// its plain values (labels, limits) without a zod schema: what a screen imports when it needs no schema
const contractValues = fileURLToPath(new URL('../contracts/src/values.ts', import.meta.url));

const routesModule = fileURLToPath(new URL('./src/api/contractRoutes.ts', import.meta.url));
type RoutesModule = typeof import('./src/api/contractRoutes');
type ContractsModule = typeof import('../contracts/src/index');

/** The contract's endpoints and the route-table builders, loaded through Vite (TypeScript sources). */
async function routeTables() {
  const [{ module: routes }, { module: declared }] = await Promise.all([
    runnerImport<RoutesModule>(routesModule, { configFile: false, logLevel: 'error' }),
    runnerImport<ContractsModule>(contracts, { configFile: false, logLevel: 'error' }),
  ]);
  return { routes, endpoints: declared.endpoints };
}

/** The route tables, by module id: every endpoint's, and the public endpoints' only (for the first chunk). */
const ROUTE_TABLES: Record<string, (loaded: Awaited<ReturnType<typeof routeTables>>) => object> = {
  'virtual:contract-routes': ({ routes, endpoints }) => routes.contractRoutes(endpoints),
  'virtual:contract-routes/public': ({ routes, endpoints }) => routes.publicContractRoutes(endpoints),
};

/**
 * Serves the contract's route tables (method, path, public or not, per endpoint id) as plain modules, so the
 * client calls endpoints as declared without carrying the contract's zod schemas (src/api/routes.ts,
 * src/api/publicRoutes.ts).
 */
function contractRoutesModule(): Plugin {
  // read once per build (or dev-server start): the contract is loaded a single time for both tables
  let loaded: ReturnType<typeof routeTables> | undefined;
  return {
    name: 'contract-routes',
    buildStart: () => {
      loaded = undefined;
    },
    resolveId: (id) => (id in ROUTE_TABLES ? `\0${id}` : undefined),
    load: async (id) => {
      const table = ROUTE_TABLES[id.slice(1)];
      if (!id.startsWith('\0') || !table) return undefined;
      loaded ??= routeTables();
      return `export const routes = ${JSON.stringify(table(await loaded))};`;
    },
  };
}

export default defineConfig({
  plugins: [react(), contractRoutesModule()],
  resolve: {
    alias: [
      { find: /^@portal\/contracts$/, replacement: contracts },
      { find: /^@portal\/contracts\/values$/, replacement: contractValues },
    ],
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
  preview: { proxy: { '/api': 'http://localhost:8080' } },
  // the manifest lets the first-load budget (scripts/bench/bundle-sizes.mjs) follow each entry's imports, and
  // the source maps tell it which packages a chunk holds; 'hidden': written for that budget but not referenced
  // from the scripts, and the gateway never serves a .map (they hold the whole source)
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: 'hidden',
    manifest: true,
  },
});
