import { type FormEvent, useState } from 'react';
import { failureMessage, isNetworkError } from '../../../api/errorMessage';
import { Button } from '../../../ui/Button';
import { InputField } from '../../../ui/FormField';
import { Message } from '../../../ui/Message';
import { useTimedNotice } from '../shared/useTimedNotice';
import { useSaveSystemConfigurationMutation } from './systemConfigurationApi';
import { addZone, removeZone, type ZoneChange } from './zoneRules';
import './zones.css';

/** Adds and removes dealer zones; each change is saved at once. */
export function ZonesEditor({ zones }: { zones: readonly string[] }) {
  const [newZone, setNewZone] = useState('');
  /** the zone whose removal is being saved, so only its button says so */
  const [removing, setRemoving] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveSystemConfigurationMutation();
  const [notice, showNotice] = useTimedNotice();

  /** Checks the rule, saves the new list, and answers whether it was saved. */
  async function apply(change: ZoneChange, success: string): Promise<boolean> {
    if ('error' in change) {
      showNotice({ text: change.error });
      return false;
    }
    const result = await save({ body: { zones: change.zones } });
    if (result.error) {
      showNotice({
        text: isNetworkError(result.error)
          ? 'Error saving zones: Network error'
          : failureMessage(result.error, 'Failed to save zones to database'),
      });
      return false;
    }
    showNotice({ text: success });
    return true;
  }

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await apply(addZone(zones, newZone), 'Zone added successfully!')) setNewZone('');
  }

  async function onRemove(zone: string) {
    setRemoving(zone);
    await apply(removeZone(zones, zone), 'Zone removed successfully!');
    setRemoving(null);
  }

  return (
    <div className="settings-form">
      <ul className="zone-list" aria-label="Zones">
        {zones.map((zone) => (
          <li key={zone} className="zone-list__item">
            <span className="zone-list__name">{zone}</span>
            <Button
              variant="secondary"
              className="button--small"
              aria-label={`Remove ${zone}`}
              busy={removing === zone}
              busyLabel="Removing..."
              disabled={isLoading}
              onClick={() => onRemove(zone)}
            >
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <form className="zone-add" onSubmit={onAdd}>
        <InputField label="New Zone" placeholder="e.g. Northeast Zone" value={newZone} onChange={setNewZone} />
        <Button type="submit" busy={isLoading && removing === null} busyLabel="Adding..." disabled={isLoading}>
          Add Zone
        </Button>
      </form>
      <Message text={notice?.text} tone={notice?.tone} />
    </div>
  );
}
