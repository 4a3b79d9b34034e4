/** Content script on the web app's origin (Firefox's way in; a fallback on Chromium). See decision 065. */
import { getBrowser } from '../browser';
import { config } from '../config';
import { sendInternal } from '../messaging';
import { installBridge } from './bridge-core';

const browser = getBrowser();
installBridge({
  win: window,
  webOrigin: config.webOrigin,
  forward: (message) => sendInternal(browser, { kind: 'bridge', message }),
});
