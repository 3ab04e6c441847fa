import { runMain } from '@portal/platform';
import { catalogService } from './app';

runMain(catalogService);
