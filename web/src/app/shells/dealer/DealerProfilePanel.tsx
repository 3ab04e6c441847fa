import { useState } from 'react';
import { MyWebsitePanel } from '../../../features/dealer-portal/MyWebsitePanel';
import { ProfilePanel } from '../../../features/dealer-portal/ProfileForm';
import { ProfileSettings } from '../../../features/profile/ProfileSettings';
import { type Section, SectionTabs } from '../../../ui/SectionTabs';

type ProfileSection = 'profile' | 'website';

const SECTIONS: readonly Section<ProfileSection>[] = [
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

export function DealerProfilePanel() {
  const [active, setActive] = useState<ProfileSection>('profile');
  return <SectionTabs label="Profile" sections={SECTIONS} active={active} onChange={setActive} />;
}
