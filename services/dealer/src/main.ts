import { runMain } from '@portal/platform';
import { dealerService } from './app';

runMain(dealerService);
