import { runMain } from '@portal/platform';
import { orderService } from './app';

runMain(orderService);
