import { usePublicSettings } from '../company/usePublicSettings';
import './maintenance.css';

/** How often an open dashboard asks whether maintenance began (it also asks when the tab becomes visible). */
const CHECK_EVERY_MS = 60_000;

/** Shown to dealers and delivery users while an admin has the portal in maintenance mode. */
export function MaintenanceNotice() {
  const maintenance = usePublicSettings(CHECK_EVERY_MS)?.maintenanceMode ?? false;
  if (!maintenance) return null;
  return (
    <div className="maintenance-notice" role="status">
      <svg className="maintenance-notice__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path
          d="M12 3 2 20h20L12 3Zm0 6v5m0 3v.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div>
        <p className="maintenance-notice__title">Scheduled maintenance</p>
        <p className="maintenance-notice__text">
          The portal is undergoing maintenance. You can look around, but changes and new orders are paused until it is
          back. Please try again later.
        </p>
      </div>
    </div>
  );
}
