import type { PerformanceMetric } from '@portal/contracts';
import { Button } from '../../ui/Button';
import { InputField, SelectInput } from '../../ui/FormField';
import { METRIC_NAMES } from '../performance/metrics';
import { addTier, canAddTier, canRemoveTier, MAX_TIERS, removeTier, type TierDraft, updateTier } from './programDraft';

interface TierEditorProps {
  tiers: TierDraft[];
  onChange: (tiers: TierDraft[]) => void;
  /** the row the last check found a problem in */
  invalidIndex?: number;
}

const METRIC_CHOICES = (Object.keys(METRIC_NAMES) as PerformanceMetric[]).map((metric) => ({
  value: metric,
  label: METRIC_NAMES[metric],
}));

const THRESHOLD_UNIT: Record<PerformanceMetric, string> = { revenue: '$', orders: 'orders', items: 'items' };

/** The program modals' tier rows: name, metric, threshold, reward, notify; add up to 20, keep at least one. */
export function TierEditor({ tiers, onChange, invalidIndex }: TierEditorProps) {
  return (
    <div className="tier-editor">
      <div className="tier-editor__head">
        <h3>Tiers</h3>
        <Button
          variant="secondary"
          onClick={() => onChange(addTier(tiers))}
          disabled={!canAddTier(tiers)}
          title={canAddTier(tiers) ? undefined : `A program has at most ${MAX_TIERS} tiers`}
        >
          Add Tier
        </Button>
      </div>
      <ol className="tier-editor__rows">
        {tiers.map((tier, index) => (
          <TierRow
            key={tier.key}
            tier={tier}
            position={index + 1}
            invalid={invalidIndex === index}
            removable={canRemoveTier(tiers)}
            onChange={(change) => onChange(updateTier(tiers, tier.key, change))}
            onRemove={() => onChange(removeTier(tiers, tier.key))}
          />
        ))}
      </ol>
    </div>
  );
}

interface TierRowProps {
  tier: TierDraft;
  position: number;
  invalid: boolean;
  removable: boolean;
  onChange: (change: Partial<Omit<TierDraft, 'key'>>) => void;
  onRemove: () => void;
}

function TierRow({ tier, position, invalid, removable, onChange, onRemove }: TierRowProps) {
  const legend = `Tier ${position}`;
  return (
    <li>
      <fieldset className={invalid ? 'tier-row tier-row--invalid' : 'tier-row'} aria-invalid={invalid || undefined}>
        <legend>{legend}</legend>
        <InputField
          className="tier-row__name"
          label="Name"
          value={tier.name}
          maxLength={100}
          placeholder={legend}
          onChange={(name) => onChange({ name })}
        />
        <SelectInput
          className="tier-row__metric"
          label="Metric"
          value={tier.metric}
          options={METRIC_CHOICES}
          onChange={(metric) => onChange({ metric: metric as PerformanceMetric })}
        />
        <InputField
          className="tier-row__value"
          label={`Threshold (${THRESHOLD_UNIT[tier.metric]})`}
          type="number"
          inputMode="decimal"
          min={0}
          step={tier.metric === 'revenue' ? 0.01 : 1}
          value={tier.value}
          required
          onChange={(value) => onChange({ value })}
        />
        <InputField
          className="tier-row__reward"
          label="Reward"
          value={tier.reward}
          maxLength={500}
          placeholder="e.g. 2% rebate"
          onChange={(reward) => onChange({ reward })}
        />
        <div className="tier-row__actions">
          <label className="incentive-check">
            <input
              type="checkbox"
              checked={tier.notify_dealer}
              onChange={(event) => onChange({ notify_dealer: event.target.checked })}
            />
            Notify dealer
          </label>
          <Button variant="ghost" onClick={onRemove} disabled={!removable} aria-label={`Remove ${legend}`}>
            Remove
          </Button>
        </div>
      </fieldset>
    </li>
  );
}
