import { useEffect, useSyncExternalStore } from 'react';
import type { MapStatusStore, MapStatusView } from './mapStatus';

interface MapStatusBadgeProps {
  dealerId: string;
  store: MapStatusStore;
  /** e.g. the class that shows it beside the name on phones only */
  className?: string;
}

const TONES: Record<Extract<MapStatusView, { kind: 'known' }>['badge'], string> = {
  Ready: 'ready',
  Error: 'error',
  'Needs Geocoding': 'needs',
};

/** A dealer's map status (001 §2: Ready, Needs Geocoding or Error), the error's text as its tooltip. */
export function MapStatusBadge({ dealerId, store, className }: MapStatusBadgeProps) {
  useEffect(() => store.show(dealerId), [store, dealerId]);
  const status = useSyncExternalStore(store.subscribe, () => store.get(dealerId));
  const classes = (tone: string) => ['map-badge', `map-badge--${tone}`, className].filter(Boolean).join(' ');
  if (status.kind === 'loading')
    return (
      <span className={classes('loading')}>
        <span aria-hidden="true">…</span>
        <span className="visually-hidden">Loading</span>
      </span>
    );
  if (status.kind === 'failed')
    return (
      <span className={classes('unknown')} title="The map status could not be loaded">
        Unknown
      </span>
    );
  return (
    <span className={classes(TONES[status.badge])} title={status.error ?? undefined}>
      {status.badge}
    </span>
  );
}
