/**
 * The host permission a site needs before its links can be labelled (decision 159): Chromium injects the labels
 * script only where the extension holds a real host permission, so switching on a site the person added asks the
 * browser for it. It must be called straight from the click (before any await), which the browser requires of a
 * permission prompt. The built-in sites' permissions come with the manifest: asking for them resolves at once.
 */
import type { BrowserApi } from '../browser';
import { sitePermissionOrigins } from './registration';

/** Whether labels may run on `host`: true once granted (or where the browser has no such prompt). */
export function askSitePermission(browser: Pick<BrowserApi, 'permissions'>, host: string): Promise<boolean> {
  const permissions = browser.permissions;
  if (!permissions?.request) return Promise.resolve(true);
  // Firefox refuses to prompt for an origin the manifest does not list as optional; there the person grants
  // sites in the add-ons manager, and the labels script's registration covers the rest.
  return permissions.request({ origins: sitePermissionOrigins(host) }).catch(() => true);
}

/** What the popup and the options page say when the person declined the prompt. */
export const permissionDeclined = (host: string) =>
  `Labels need your permission to read the links on ${host}; nothing was switched on.`;
