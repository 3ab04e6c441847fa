import { Message } from '../../../ui/Message';
import { loadFailureText } from '../shared/notice';
import { SettingsCard, SettingsLoading } from '../shared/SettingsCard';
import { CompanySettingsForm } from './CompanySettingsForm';
import { useGetCompanySettingsQuery } from './companySettingsApi';

/** Company Settings: the manufacturer's details shown on invoices, the landing page and the header. */
export function CompanySettingsPanel() {
  const { data, error, isLoading } = useGetCompanySettingsQuery();
  return (
    <SettingsCard
      title="Company Settings"
      description="Your company's details appear on every invoice, on the landing page and in the portal header."
    >
      {isLoading && <SettingsLoading what="company settings" />}
      {error && <Message text={loadFailureText('Error loading company settings', error)} />}
      {data && <CompanySettingsForm initial={data} />}
    </SettingsCard>
  );
}
