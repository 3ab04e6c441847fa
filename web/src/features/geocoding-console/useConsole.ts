import type { Diagnosis, RepairStrategy } from '@portal/contracts';
import { useCallback, useState } from 'react';
import { errorDetail, isNetworkError } from '../../api/errorMessage';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import {
  useBulkRepairGeocodingMutation,
  useRepairDealerGeocodingMutation,
  useRunGeocodingDiagnosisMutation,
} from './consoleApi';
import { bulkRepairMessage, SINGLE_REPAIR_STRATEGIES } from './consoleRules';

/** How long the console's messages stay. */
const CONSOLE_NOTICE_MS = 5000;

/** The console's shared state and actions: the last diagnosis, repairs, and the message they leave. */
export function useConsole() {
  const [notice, showNotice] = useTimedNotice();
  const [diagnosis, setDiagnosis] = useState<Diagnosis | null>(null);
  const [runDiagnosisCall, diagnosisState] = useRunGeocodingDiagnosisMutation();
  const [repairCall] = useRepairDealerGeocodingMutation();
  const [bulkCall, bulkState] = useBulkRepairGeocodingMutation();
  const [repairing, setRepairing] = useState<string | null>(null);

  const say = useCallback(
    (text: string, tone?: 'error' | 'success') => showNotice({ text, tone }, CONSOLE_NOTICE_MS),
    [showNotice],
  );

  const runDiagnosis = useCallback(
    async (quiet = false): Promise<Diagnosis | null> => {
      try {
        const found = await runDiagnosisCall().unwrap();
        setDiagnosis(found);
        if (!quiet) say('Diagnosis completed successfully!');
        return found;
      } catch (error) {
        say(isNetworkError(error as never) ? 'Network error during diagnosis' : 'Error running diagnosis');
        return null;
      }
    },
    [runDiagnosisCall, say],
  );

  /** Repair This Dealer, Geocode Now, Re-geocode, Repair: the first three strategies; a new diagnosis after. */
  const repairDealer = useCallback(
    async (dealerId: string) => {
      setRepairing(dealerId);
      try {
        const answer = await repairCall({
          params: { dealer_id: dealerId },
          body: { strategies: SINGLE_REPAIR_STRATEGIES },
        }).unwrap();
        if (answer.coordinates) {
          say(`Dealer ${dealerId} repaired successfully!`);
          await runDiagnosis(true);
        } else say(`Failed to repair dealer ${dealerId}`, 'error');
      } catch (error) {
        say(
          isNetworkError(error as never) ? 'Network error during repair' : `Failed to repair dealer ${dealerId}`,
          'error',
        );
      } finally {
        setRepairing(null);
      }
    },
    [repairCall, runDiagnosis, say],
  );

  /** A bulk repair (dealer_ids null: every problem dealer); the server's progress feeds the bar meanwhile. */
  const bulkRepair = useCallback(
    async (dealerIds: string[] | null, strategies: RepairStrategy[]) => {
      try {
        const result = await bulkCall({ body: { dealer_ids: dealerIds, strategies } }).unwrap();
        say(bulkRepairMessage(result.successful_repairs, result.total_processed));
        await runDiagnosis(true);
      } catch (error) {
        const network = isNetworkError(error as never);
        say(network ? 'Network error during bulk repair' : (errorDetail(error as never) ?? 'Error during bulk repair'));
      }
    },
    [bulkCall, runDiagnosis, say],
  );

  return {
    notice,
    say,
    diagnosis,
    diagnosing: diagnosisState.isLoading,
    runDiagnosis,
    repairing,
    repairDealer,
    bulkRunning: bulkState.isLoading,
    bulkRepair,
  };
}

export type ConsoleState = ReturnType<typeof useConsole>;
