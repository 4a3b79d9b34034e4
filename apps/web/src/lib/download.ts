import { messages } from '@mediadiet/contract/messages';
import { env } from '@/config/env';
import { getAuthToken } from '@/lib/storage';

/** Offer `data` as a JSON file download ("Download my data"). */
export function downloadJson(data: unknown, filename: string): void {
  saveBlob(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), filename);
}

/** Offers `blob` as a download named `filename`, through a hidden link to an object URL. */
function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.append(anchor);
  try {
    anchor.click();
  } finally {
    anchor.remove();
    // Give the browser a moment to start the download before the URL goes away.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * Downloads a file that needs the session (e.g. a test-mode invoice PDF served by our API): fetched
 * with the bearer token, then offered as `filename`. Throws with a readable message when it fails.
 */
export async function downloadWithSession(url: string, filename: string): Promise<void> {
  const token = getAuthToken();
  const response = await fetch(url.startsWith('/') ? `${env.apiBase}${url}` : url, {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(messages.http.status(response.status));
  saveBlob(await response.blob(), filename);
}
