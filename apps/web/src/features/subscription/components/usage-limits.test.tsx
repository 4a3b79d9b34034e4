import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { buildSubscription } from '@mediadiet/contract/fixtures';
import { server } from '@/testing/msw-server';
import {
  answerConfirm,
  failure,
  findConfirm,
  findToast,
  openSubscriptionPage,
  mockBillingServer,
} from '@/testing/billing-test-utils';

async function openUsageLimits(overageLimit = 0) {
  const user = userEvent.setup();
  const state = mockBillingServer({ subscription: buildSubscription({ plan: 'basic', overageLimit }) });
  server.use(
    http.patch('*/api/subscription/overage', async ({ request }) => {
      const body = (await request.json()) as { amount: number };
      state.track('PATCH /api/subscription/overage', body);
      return Response.json({ success: true, subscription: buildSubscription({ overageLimit: body.amount }) });
    }),
  );
  const { panel } = await openSubscriptionPage();
  await user.click(within(panel).getByRole('tab', { name: 'Usage Limits' }));
  const slider = await screen.findByRole('slider', { name: 'Monthly overage cap' });
  return { user, state, slider };
}

/** Moves the cap from $0 to its highest value ($1,000) with the End key, then saves. */
async function saveHighestCap() {
  const opened = await openUsageLimits(0);
  opened.slider.focus();
  await opened.user.keyboard('{End}');
  await opened.user.click(save());
  return opened;
}

const save = () => screen.getByRole('button', { name: 'Save Changes' });

describe('Usage Limits', () => {
  it('enables Save Changes only when the cap differs from the current one; Cancel puts it back', async () => {
    const { user, state, slider } = await openUsageLimits(50);
    expect(slider).toHaveAttribute('aria-valuetext', '$50.00');
    expect(save()).toBeDisabled();
    slider.focus();
    await user.keyboard('{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', '$100.00');
    expect(save()).toBeEnabled();
    await user.keyboard('{ArrowLeft}');
    expect(save()).toBeDisabled();
    await user.keyboard('{ArrowLeft}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(slider).toHaveAttribute('aria-valuetext', '$50.00');
    expect(save()).toBeDisabled();
    expect(state.calls['PATCH /api/subscription/overage']).toBeUndefined();
  });

  it('says how a long page counts (decision 114)', async () => {
    await openUsageLimits(0);
    expect(
      screen.getByText(
        'One touch point is a page of up to 2,000 tokens (about 1,500 words, longer than a typical news article). A longer page counts as more: a 5,000-token report uses 2.5 touch points. Pages with almost no text are not counted.',
      ),
    ).toBeInTheDocument();
  });

  it('saves a cap up to $500 without an extra confirmation', async () => {
    const { user, state, slider } = await openUsageLimits(0);
    slider.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(slider).toHaveAttribute('aria-valuetext', '$500.00');
    await user.click(save());
    expect(await findToast('Overage limit updated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(state.bodies['PATCH /api/subscription/overage']).toEqual([{ amount: 500 }]);
  });

  it('asks Confirm High Overage Limit above $500', async () => {
    const { user, state } = await saveHighestCap();
    expect(
      (await findConfirm()).getByRole('heading', { name: 'Confirm High Overage Limit' }),
    ).toBeInTheDocument();
    await answerConfirm(
      user,
      "Are you sure you want to set a high overage limit of $1,000.00? This could result in significant charges if you exceed your plan's allocation.",
      'Confirm',
    );
    expect(await findToast('Overage limit updated successfully')).toBeInTheDocument();
    expect(state.bodies['PATCH /api/subscription/overage']).toEqual([{ amount: 1000 }]);
  });

  it('sends nothing when the high cap is not confirmed', async () => {
    const { user, state } = await saveHighestCap();
    await user.click((await findConfirm()).getByRole('button', { name: 'Cancel' }));
    expect(await findToast('Operation cancelled')).toBeInTheDocument();
    expect(state.calls['PATCH /api/subscription/overage']).toBeUndefined();
  });

  it('toasts a failed update', async () => {
    const { user, slider } = await openUsageLimits(0);
    server.use(http.patch('*/api/subscription/overage', () => failure('nope')));
    slider.focus();
    await user.keyboard('{ArrowRight}');
    await user.click(save());
    expect(await findToast('Failed to update overage limit')).toBeInTheDocument();
  });

  it('hides every second label at 500 px or less', async () => {
    await openUsageLimits(0);
    const labels = screen.getAllByTestId('overage-label');
    expect(labels.map((label) => label.textContent)).toEqual(['$0', '$10', '$50', '$100', '$500', '$1,000']);
    expect(labels.map((label) => label.className.includes('[@media(max-width:500px)]:hidden'))).toEqual([
      false,
      true,
      false,
      true,
      false,
      true,
    ]);
  });

  it('toasts Failed to fetch pricing data and shows the pending text', async () => {
    const user = userEvent.setup();
    mockBillingServer({ subscription: buildSubscription({ plan: 'premium' }) });
    server.use(http.get('*/api/pricing', () => failure('down')));
    const { panel } = await openSubscriptionPage();
    await user.click(within(panel).getByRole('tab', { name: 'Usage Limits' }));
    expect(await findToast('Failed to fetch pricing data')).toBeInTheDocument();
    expect(screen.getByText('Loading pricing information...')).toBeInTheDocument();
  });
});
