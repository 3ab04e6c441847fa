import { runMain } from '@portal/platform';
import { mediaService } from './app';

runMain(mediaService);
