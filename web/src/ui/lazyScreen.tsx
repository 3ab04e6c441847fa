import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';

/**
 * A screen loaded on demand: its code (and what only it needs — the map, the contract's zod schemas, ...) is a
 * chunk of its own that the browser fetches the first time the screen opens. `name` is the module's export. Zod is
 * told not to probe for eval first (api/zodWithoutEval.ts): every screen that parses with a schema is one of these.
 */
export function lazyScreen<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    Promise.all([load(), import('../api/zodWithoutEval')]).then(([module]) => ({ default: module[name] })),
  );
}

/** Shown while a screen's chunk loads (usually a few milliseconds). */
export function ScreenLoading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="screen-loading" role="status">
          Loading…
        </p>
      }
    >
      {children}
    </Suspense>
  );
}
