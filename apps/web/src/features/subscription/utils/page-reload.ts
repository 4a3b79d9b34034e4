/** A full page reload ('Keep My Subscription' reloads the page, spec §4). An object so tests can spy on it. */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
