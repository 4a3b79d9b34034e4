/** The options page's entry (options_ui): everything is in page.ts. */
import { getBrowser } from '../browser';
import { startOptions } from './page';

startOptions(document, getBrowser());
