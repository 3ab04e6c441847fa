/** The sub-tabs of Dealer Performance Management. */
export type ManagementSection = 'performance' | 'programs' | 'notifications';
export const MANAGEMENT_SECTIONS: readonly ManagementSection[] = ['performance', 'programs', 'notifications'];

/**
 * The dashboard's query parameter that opens Dealer Performance Management on a sub-tab
 * (`/admin/dashboard?manage=notifications`, the achievements alert's link); it is dropped once opened.
 */
export const MANAGE_PARAM = 'manage';

export function managementSection(value: string): ManagementSection | null {
  return (MANAGEMENT_SECTIONS as readonly string[]).includes(value) ? (value as ManagementSection) : null;
}
