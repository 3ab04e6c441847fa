import type { MailRoute } from '@portal/contracts';
import { mailRouteLabel } from './emailForm';

/** Where product mail (invitations, invoices, notices) goes now, as the server reports it. */
export function MailRouteNotice({ route }: { route: MailRoute }) {
  return (
    <div className={`mail-route mail-route--${route.kind}`} role="status" aria-label="Where mail goes now">
      <span className="mail-route__heading">
        Mail goes to: <strong>{mailRouteLabel(route.kind)}</strong>
      </span>
      <span className="mail-route__description">{route.description}</span>
    </div>
  );
}
