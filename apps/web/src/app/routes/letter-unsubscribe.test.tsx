import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { messages } from '@mediadiet/contract/messages';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/msw-server';

const text = messages.letter;
const TOKEN = 'A'.repeat(65);

describe('/letter/unsubscribe (the weekly letter’s link)', () => {
  it('asks first, then turns the letter off with the link’s token and points to Settings', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/digest/unsubscribe', ({ request }) => {
        calls.push(new URL(request.url).searchParams.get('token') ?? '');
        return HttpResponse.json({ success: true, message: text.unsubscribed });
      }),
    );
    const user = userEvent.setup();
    renderApp(`/letter/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: text.unsubscribeTitle })).toBeInTheDocument();
    expect(screen.getByText(text.unsubscribeText)).toBeInTheDocument();
    // Opening the page changes nothing.
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: text.unsubscribeButton }));
    expect(
      await screen.findByRole('heading', { level: 1, name: text.unsubscribedTitle }),
    ).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(text.turnBackOn);
    expect(screen.getByRole('link', { name: text.openSettings })).toHaveAttribute(
      'href',
      '/auth/dashboard?view=settings',
    );
    expect(screen.queryByRole('button', { name: text.unsubscribeButton })).toBeNull();
    expect(calls).toEqual([TOKEN]);
  });

  it('says so when the link is not valid', async () => {
    server.use(
      http.post('*/api/digest/unsubscribe', () =>
        HttpResponse.json({ success: false, error: text.invalidLink }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderApp(`/letter/unsubscribe?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: text.unsubscribeButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text.invalidLink);
    expect(screen.getByRole('heading', { level: 1, name: text.unsubscribeTitle })).toBeInTheDocument();
  });

  it('without a token, offers Settings instead', async () => {
    renderApp('/letter/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(text.missingToken);
    expect(screen.queryByRole('button', { name: text.unsubscribeButton })).toBeNull();
    expect(screen.getByRole('link', { name: text.openSettings })).toBeInTheDocument();
  });
});
