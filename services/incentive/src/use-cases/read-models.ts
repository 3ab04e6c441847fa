import { dealerDirectory } from '@portal/platform';
import { KNOWN_DEALERS } from '../data/dealers';
import { copyDealersToFigures } from '../data/figures';

/**
 * What the incentive service remembers of dealers: the platform's dealer read model, applied in the consumer's
 * transaction. Every dealer row it changes is copied into its figures row (the performance list's one table)
 * in the same transaction.
 */
export const knownDealers = dealerDirectory({
  ...KNOWN_DEALERS,
  onChange: (changes, { manager }) =>
    copyDealersToFigures(manager, [
      ...new Set([
        ...changes.fields.map(({ dealer }) => dealer.dealer_id),
        ...changes.archived.map((change) => change.dealer_id),
        ...changes.deleted,
      ]),
    ]),
});
