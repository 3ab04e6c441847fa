import type { PendingNotification } from '@portal/contracts';
import { useRef, useState } from 'react';
import { usePagedRows } from '../../api/usePagedRows';
import { Modal } from '../../ui/Modal';
import { type Section, SectionTabs } from '../../ui/SectionTabs';
import { IncentiveProgramsPanel } from '../incentives/IncentiveProgramsPanel';
import { useGetPendingNotificationPagesInfiniteQuery } from '../incentives/incentivesApi';
import { NotificationsPanel } from '../incentives/NotificationsPanel';
import type { ManagementSection } from './managementSections';
import { PerformanceDataPanel } from './PerformanceDataPanel';
import './performance.css';

/** New achievements arrive from order events while the overlay is open: the count is re-read this often. */
const NOTIFICATIONS_POLL_MS = 30_000;

const notificationsOf = (page: { data: PendingNotification[] }) => page.data;
/** With a limit, `count` is the total too (the spec's field); `total` is read first. */
const notificationCount = (page: { total?: number; count: number }) => page.total ?? page.count;

interface PerformanceOverlayProps {
  onClose: () => void;
  /** the sub-tab it opens on (the achievements alert opens Notifications) */
  initialSection?: ManagementSection;
}

/**
 * Dealer Performance Management (spec 000 §2, 001 §2): an overlay over the admin dashboard with three
 * sub-tabs — Performance Data, Incentive Programs, and Notifications with the pending count.
 */
export function PerformanceOverlay({ onClose, initialSection = 'performance' }: PerformanceOverlayProps) {
  const [section, setSection] = useState<ManagementSection>(initialSection);
  const host = useRef<HTMLDivElement>(null);
  // Escape in a dialog opened inside the overlay (a program modal) reaches the overlay's cancel handler too
  // (React passes the event up its tree): only that dialog closes
  const close = () => {
    if (!host.current?.querySelector('.modal .modal[open]')) onClose();
  };
  const result = useGetPendingNotificationPagesInfiniteQuery(undefined, {
    refetchOnMountOrArgChange: true,
    pollingInterval: NOTIFICATIONS_POLL_MS,
  });
  const pending = usePagedRows(result, notificationsOf, notificationCount);
  const sections: readonly Section<ManagementSection>[] = [
    { id: 'performance', label: 'Performance Data', content: <PerformanceDataPanel /> },
    { id: 'programs', label: 'Incentive Programs', content: <IncentiveProgramsPanel /> },
    {
      id: 'notifications',
      label: pending.total === undefined ? 'Notifications' : `Notifications (${pending.total})`,
      content: <NotificationsPanel notifications={pending} />,
    },
  ];
  return (
    <div className="performance-overlay" ref={host}>
      <Modal open title="Dealer Performance Management" onClose={close}>
        <SectionTabs label="Dealer performance" sections={sections} active={section} onChange={setSection} />
      </Modal>
    </div>
  );
}
