import { MyWebsitePanel } from '../../../features/dealer-portal/MyWebsitePanel';
import { ProfilePanel } from '../../../features/dealer-portal/ProfileForm';
import { ProfileSettings } from '../../../features/profile/ProfileSettings';
import { type Section, SectionTabs } from '../../../ui/SectionTabs';
import { type DealerProfileSection, formatRoute } from '../../navigation/routes';

const SECTION_CONTENT: readonly Section<DealerProfileSection>[] = [
  {
    id: 'profile',
    label: 'Profile',
    content: (
      <div className="settings-stack">
        <ProfilePanel />
        <ProfileSettings />
      </div>
    ),
  },
  { id: 'website', label: 'My Website', content: <MyWebsitePanel /> },
];
const SECTIONS: readonly Section<DealerProfileSection>[] = SECTION_CONTENT.map((section) => ({
  ...section,
  href: formatRoute({ role: 'dealer', tab: 'profile', section: section.id }),
}));

/** The section shown comes from the address (/dealer/profile, /dealer/profile/website). */
export function DealerProfilePanel({
  section,
  onSectionChange,
}: {
  section: DealerProfileSection;
  onSectionChange: (section: DealerProfileSection, how?: { byArrow: boolean }) => void;
}) {
  return <SectionTabs label="Profile" sections={SECTIONS} active={section} onChange={onSectionChange} />;
}
