/** Shown in the Google popup for the moment before it closes (or if the browser refuses to close it). */
export function OAuthPopupDone() {
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center px-4">
      <p role="status" className="text-center text-ink-muted">
        Returning to the app… You can close this window.
      </p>
    </main>
  );
}
