import { Component, type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense } from 'react';
import { Button } from './Button';

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

/** Shown while a screen's chunk loads (usually a few milliseconds); a screen whose code cannot load says so. */
export function ScreenLoading({ children }: { children: ReactNode }) {
  return (
    <ScreenLoadFailure>
      <Suspense
        fallback={
          <p className="screen-loading" role="status">
            Loading…
          </p>
        }
      >
        {children}
      </Suspense>
    </ScreenLoadFailure>
  );
}

/**
 * A screen's code that could not be fetched — no signal (a driver offline opens a tab never opened before), or a
 * new release removed the old chunk — leaves the rest of the portal working and says what to do, instead of an
 * empty page. React keeps a failed lazy import failed, so trying again is a reload.
 */
class ScreenLoadFailure extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="screen-loading screen-loading--failed" role="alert">
        <p>This screen could not be loaded. Check the connection and try again.</p>
        <Button variant="secondary" onClick={() => window.location.reload()}>
          Try again
        </Button>
      </div>
    );
  }
}
