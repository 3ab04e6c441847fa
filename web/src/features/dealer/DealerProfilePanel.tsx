import { useState } from 'react';
import { type Section, SectionTabs } from '../../ui/SectionTabs';
import { MyWebsitePanel } from '../dealerPortal/MyWebsitePanel';
import { ProfilePanel } from '../dealerPortal/ProfileForm';
import { ProfileSettings } from '../profile/ProfileSettings';

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
