import type { AdminUser, Shipment, ShipmentSummary } from '@portal/contracts';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../ui/Button';
import { Message } from '../../ui/Message';
import { useTimedNotice } from '../settings/shared/useTimedNotice';
import { driverLabel, driverOptions } from './shipmentSummary';
import { useAssignShipmentDriverMutation } from './shippingApi';
import { shippingFailure } from './shippingMessages';

/**
 * The admin's Assign control on a card: a select of the delivery users and Save, or Unassign. The answer is the
 * whole shipment, which the card shows at once; the lists are read again (the Driver filter may drop the card).
 */
export function AssignDriver({
  shipment,
  drivers,
  onAssigned,
}: {
  shipment: ShipmentSummary;
  drivers: readonly AdminUser[];
  onAssigned: (shipment: Shipment) => void;
}) {
  const current = shipment.driver?.email ?? '';
  const [chosen, setChosen] = useState(current);
  useEffect(() => setChosen(current), [current]);
  const [assign, { isLoading }] = useAssignShipmentDriverMutation();
  const [notice, showNotice] = useTimedNotice();
  const selectId = useId();
  const options = driverOptions(drivers);
  // a driver no longer listed (deactivated) still shows as the one on the route
  if (current && !options.some((option) => option.value === current)) {
    options.unshift({ value: current, label: driverLabel(shipment.driver) });
  }

  async function save(email: string | null) {
    try {
      const answer = await assign({
        params: { id: shipment.shipment_id },
        body: { driver_email: email },
      }).unwrap();
      onAssigned(answer.shipment);
      showNotice({
        text: email ? `${driverLabel(answer.shipment.driver)} drives ${shipment.shipment_name}` : 'Route unassigned',
        tone: 'success',
      });
    } catch (error) {
      showNotice({ text: shippingFailure('Error assigning driver', error), tone: 'error' });
    }
  }

  return (
    <div className="assign-driver">
      <div className="field assign-driver__field">
        <label htmlFor={selectId}>Assign driver</label>
        <select id={selectId} value={chosen} disabled={isLoading} onChange={(event) => setChosen(event.target.value)}>
          <option value="">Choose a delivery user…</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="button-row assign-driver__buttons">
        <Button
          variant="secondary"
          busy={isLoading}
          busyLabel="Saving..."
          disabled={!chosen || chosen === current}
          onClick={() => save(chosen)}
          aria-label={`Save driver of ${shipment.shipment_name}`}
        >
          Save
        </Button>
        {current && (
          <Button
            variant="ghost"
            disabled={isLoading}
            onClick={() => save(null)}
            aria-label={`Unassign ${shipment.shipment_name}`}
          >
            Unassign
          </Button>
        )}
      </div>
      <Message text={notice?.text} tone={notice?.tone} />
    </div>
  );
}
