import { lazyScreen, ScreenLoading } from '../../../ui/lazyScreen';
import { type Section, SectionTabs } from '../../../ui/SectionTabs';
import { formatRoute, type SettingsSection } from '../../navigation/routes';

const CompanySettingsPanel = lazyScreen(
  () => import('../../../features/settings/company/CompanySettingsPanel'),
  'CompanySettingsPanel',
);
const SystemConfigurationPanel = lazyScreen(
  () => import('../../../features/settings/system/SystemConfigurationPanel'),
  'SystemConfigurationPanel',
);
const AdminUsersPanel = lazyScreen(
  () => import('../../../features/settings/admin-users/AdminUsersPanel'),
  'AdminUsersPanel',
);
const EmailSettingsPanel = lazyScreen(
  () => import('../../../features/settings/email/EmailSettingsPanel'),
  'EmailSettingsPanel',
);
const ManageProductsPanel = lazyScreen(
  () => import('../../../features/settings/products/ManageProductsPanel'),
  'ManageProductsPanel',
);
const GeocodingConsole = lazyScreen(
  () => import('../../../features/geocoding-console/GeocodingConsole'),
  'GeocodingConsole',
);
const GoogleMapsPanel = lazyScreen(() => import('../../../features/map-management/GoogleMapsPanel'), 'GoogleMapsPanel');
const BulkImportPanel = lazyScreen(() => import('../../../features/bulk-import/BulkImportPanel'), 'BulkImportPanel');
const SettingsHistory = lazyScreen(() => import('../../../features/audit/SettingsHistory'), 'SettingsHistory');

/** System Settings: the spec's eight sub-tabs, in its order. */
const SECTION_CONTENT: readonly Section<SettingsSection>[] = [
  { id: 'company', label: 'Company Settings', content: <CompanySettingsPanel /> },
  { id: 'products', label: 'Manage Products', content: <ManageProductsPanel /> },
  { id: 'system', label: 'System Configuration', content: <SystemConfigurationPanel /> },
  { id: 'admins', label: 'Admin Users', content: <AdminUsersPanel /> },
  { id: 'email', label: 'Email Settings', content: <EmailSettingsPanel /> },
  { id: 'map', label: 'Map Settings', content: <GeocodingConsole /> },
  { id: 'google', label: 'Google Maps', content: <GoogleMapsPanel /> },
  { id: 'import', label: 'Bulk Import', content: <BulkImportPanel /> },
];
const SECTIONS: readonly Section<SettingsSection>[] = SECTION_CONTENT.map((section) => ({
  ...section,
  href: formatRoute({ role: 'admin', tab: 'settings', section: section.id }),
}));

/** The sub-tab shown comes from the address (/admin/settings/{section}). */
export function SettingsPanel({
  section,
  onSectionChange,
}: {
  section: SettingsSection;
  onSectionChange: (section: SettingsSection, how?: { byArrow: boolean }) => void;
}) {
  return (
    <ScreenLoading>
      <SectionTabs label="System Settings" sections={SECTIONS} active={section} onChange={onSectionChange} />
      <SettingsHistory />
    </ScreenLoading>
  );
}
