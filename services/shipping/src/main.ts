import { runMain } from '@portal/platform';
import { shippingService } from './app';

runMain(shippingService);
