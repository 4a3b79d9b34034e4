/** The consent page's entry: everything is in page.ts. */
import { getBrowser } from '../browser';
import { startConsent } from './page';

void startConsent(document, getBrowser());
