import type { ReactNode } from 'react';
import './settings.css';

interface SettingsCardProps {
  title: string;
  description?: ReactNode;
  /** e.g. a count or a button, right of the title */
  aside?: ReactNode;
  children: ReactNode;
}

/** One block of a settings screen: a titled card. */
export function SettingsCard({ title, description, aside, children }: SettingsCardProps) {
  return (
    <section className="settings-card" aria-label={title}>
      <header className="settings-card__header">
        <div>
          <h2 className="settings-card__title">{title}</h2>
          {description && <p className="settings-card__description">{description}</p>}
        </div>
        {aside}
      </header>
      {children}
    </section>
  );
}

/** Shown while a settings screen loads its data. */
export function SettingsLoading({ what }: { what: string }) {
  return (
    <p className="settings-loading" role="status">
      Loading {what}…
    </p>
  );
}
