import { useState } from 'react';
import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { type Section, SectionTabs } from '../../ui/SectionTabs';
import { BulkImportPanel } from '../bulkImport/BulkImportPanel';
import { AdminUsersPanel } from '../settings/admin-users/AdminUsersPanel';
import { CompanySettingsPanel } from '../settings/company/CompanySettingsPanel';
import { EmailSettingsPanel } from '../settings/email/EmailSettingsPanel';
import { SystemConfigurationPanel } from '../settings/system/SystemConfigurationPanel';

type SettingsSection = 'company' | 'products' | 'system' | 'admins' | 'email' | 'map' | 'google' | 'import';

function section(id: SettingsSection, label: string, note: string): Section<SettingsSection> {
  return { id, label, content: <PlaceholderPanel title={label} note={note} /> };
}

/** System Settings: the spec's eight sub-tabs, in its order. */
const SECTIONS: readonly Section<SettingsSection>[] = [
  { id: 'company', label: 'Company Settings', content: <CompanySettingsPanel /> },
  section('products', 'Manage Products', 'The product catalogue arrives with the products release.'),
  { id: 'system', label: 'System Configuration', content: <SystemConfigurationPanel /> },
  { id: 'admins', label: 'Admin Users', content: <AdminUsersPanel /> },
  { id: 'email', label: 'Email Settings', content: <EmailSettingsPanel /> },
  section('map', 'Map Settings', 'Map management and the geocoding console arrive with the maps release.'),
  section('google', 'Google Maps', 'The Google map, markers and embed code arrive with the maps release.'),
  { id: 'import', label: 'Bulk Import', content: <BulkImportPanel /> },
];

export function SettingsPanel() {
  const [active, setActive] = useState<SettingsSection>('company');
  return <SectionTabs label="System Settings" sections={SECTIONS} active={active} onChange={setActive} />;
}
