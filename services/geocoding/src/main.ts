import { runMain } from '@portal/platform';
import { geocodingService } from './app';

runMain(geocodingService);
