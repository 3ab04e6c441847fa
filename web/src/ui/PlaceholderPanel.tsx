import './placeholder-panel.css';

/** A dashboard section whose feature has not shipped yet: says plainly what arrives there. */
export function PlaceholderPanel({ title, note }: { title?: string; note: string }) {
  return (
    <section className="placeholder-panel">
      <svg className="placeholder-panel__mark" viewBox="0 0 48 48" aria-hidden="true">
        <path d="M6 40 24 10l18 30z" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
        <path d="M19 40l5-8 5 8" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinejoin="round" />
      </svg>
      {title && <h2 className="placeholder-panel__title">{title}</h2>}
      <p className="placeholder-panel__note">{note}</p>
    </section>
  );
}
