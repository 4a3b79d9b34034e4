/** Content script on http(s) pages: waits for the dwell time, extracts readable text, hands it to the background. */
import { getBrowser } from '../browser';
import { config } from '../config';
import { startCapture } from './capture-core';

startCapture({ win: window, browser: getBrowser(), webOrigin: config.webOrigin });
