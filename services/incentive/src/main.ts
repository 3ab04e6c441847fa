import { runMain } from '@portal/platform';
import { incentiveService } from './app';

runMain(incentiveService);
