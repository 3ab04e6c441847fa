import { countOf } from '../../format/count';

/** The dashboard alerts' texts: "1 dealer application waiting for approval", "3 dealer applications ...". */
export function pendingApprovalsAlert(count: number): string {
  return `${countOf(count, 'dealer application', 'dealer applications')} waiting for approval`;
}

/** "1 achievement not yet handled", "3 achievements not yet handled". */
export function achievementsAlert(count: number): string {
  return `${countOf(count, 'achievement', 'achievements')} not yet handled`;
}
