import type { BaseConfig, Consumer } from '@portal/platform';
import { rememberDefaultTerms } from '../use-cases/dealer-terms';

/** Identity's system configuration: the payment terms of dealers without terms of their own. */
export const paymentTermsChanged: Consumer<'settings.payment_terms_changed', BaseConfig> = (event, ctx) =>
  rememberDefaultTerms(ctx.manager, event.payload.default_payment_terms_days, event.payload.changed_at);
