import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, delay } from 'msw';
import { AUTH_TOKEN_KEY } from '@mediadiet/contract/constants';
import { buildSubscription, buildSubscriptionInfo, buildUser } from '@mediadiet/contract/fixtures';
import type { PlanId } from '@mediadiet/contract/enums';
import { server } from '@/testing/msw-server';
import { sessionHandlers } from '@/testing/handlers';
import { renderApp } from '@/testing/render-app';

function signedInWith(plan: PlanId | null, opts: { slow?: boolean } = {}) {
  server.use(
    ...sessionHandlers(
      buildUser({ name: 'Ada Lovelace', state: { hasHadFreeTrial: true, shouldShowExtensionWizard: false } }),
    ),
    http.get('*/api/subscription', async () => {
      if (opts.slow) await delay('infinite');
      return HttpResponse.json(
        buildSubscriptionInfo({ subscription: plan ? buildSubscription({ plan, status: 'active' }) : null }),
      );
    }),
  );
  localStorage.setItem(AUTH_TOKEN_KEY, 'tok');
}

describe('dashboard navigation (spec §2 "Dashboard and navigation")', () => {
  it("shows a single 'Loading...' button until the subscription has loaded", async () => {
    signedInWith('premium', { slow: true });
    renderApp('/auth/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Dashboard' });
    expect(within(nav).getAllByRole('button')).toHaveLength(1);
    expect(within(nav).getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });

  it('hides the navigation without a subscription and forces the settings view', async () => {
    signedInWith(null);
    renderApp('/auth/dashboard?view=insights');
    expect(await screen.findByRole('link', { name: 'Choose a plan' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('basic: tabs Insights and Settings, default view insights', async () => {
    signedInWith('basic');
    renderApp('/auth/dashboard');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Insights', 'Settings']);
    expect(screen.getByRole('tab', { name: 'Insights' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { level: 2, name: 'Insights' })).toBeInTheDocument();
    // Every tab controls an element that exists (axe: aria-valid-attr-value).
    for (const tab of tabs)
      expect(document.getElementById(tab.getAttribute('aria-controls') ?? '')).not.toBeNull();
  });

  it('premium adds Personality between Insights and Settings; a basic user asking for it gets insights', async () => {
    signedInWith('premium');
    const { unmount } = renderApp('/auth/dashboard');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Insights', 'Personality', 'Settings']);
    unmount();

    signedInWith('basic');
    renderApp('/auth/dashboard?view=configs');
    expect(await screen.findByRole('heading', { level: 2, name: 'Insights' })).toBeInTheDocument();
  });

  it('switching tabs changes the view and keeps it in the address', async () => {
    signedInWith('basic');
    const { router } = renderApp('/auth/dashboard');
    await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?view=settings');
    expect(await screen.findByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      '/subscription',
    );
  });
});
