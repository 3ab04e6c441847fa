import { runMain } from '@portal/platform';
import { identityService } from './app';

runMain(identityService);
