import type { Dealer, DealerListQuery } from '@portal/contracts';
import type { z } from 'zod';

/** A dealer as a picker holds it once chosen: its id for the query or the form, its name for the input. */
export interface ChosenDealer {
  dealer_id: string;
  label: string;
}

/** How a picker names a dealer: "Timber Ridge Outdoors (Missoula, MT)" (the business, else person, else email). */
export function dealerChoiceLabel(dealer: Pick<Dealer, 'business_name' | 'full_name' | 'email' | 'city' | 'state'>) {
  const name = dealer.business_name?.trim() || dealer.full_name?.trim() || dealer.email;
  const place = [dealer.city?.trim(), dealer.state?.trim()].filter(Boolean).join(', ');
  return place ? `${name} (${place})` : name;
}

export function chosenDealer(dealer: Dealer): ChosenDealer {
  return { dealer_id: dealer.dealer_id, label: dealerChoiceLabel(dealer) };
}

/**
 * What a picker asks dealers-list for: the typed text, by business name. While the input still shows the chosen
 * dealer's name (the user opened the list without typing) the whole list is offered, not just that dealer.
 */
export function dealerPickerQuery(text: string, chosenLabel: string | null): z.input<typeof DealerListQuery> {
  const q = text.trim();
  return q && q !== chosenLabel ? { q, sort: 'business_name' } : { sort: 'business_name' };
}
