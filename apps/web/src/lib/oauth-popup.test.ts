import { OAUTH_BINDING_KEY } from '@mediadiet/contract/auth';
import { describe, expect, it, vi } from 'vitest';
import { buildUser } from '@mediadiet/contract/fixtures';
import {
  completeOAuthPopup,
  mayBeOAuthPopupReturn,
  parseUserParam,
  popupFeatures,
  readOAuthMessage,
  startGoogleSignIn,
} from '@/lib/oauth-popup';

const ORIGIN = 'https://app.example';
const user = buildUser();

function popupWindow(url: string, opener: unknown) {
  const { pathname, search } = new URL(url, ORIGIN);
  return { location: { origin: ORIGIN, pathname, search }, opener, close: vi.fn() };
}

function sameOriginOpener() {
  return { location: { origin: ORIGIN }, postMessage: vi.fn() };
}

describe('startGoogleSignIn', () => {
  const base = { screenX: 100, screenY: 50, outerWidth: 1400, outerHeight: 900 };

  it('opens a centred 600×600 popup on /auth/google?mode=popup', () => {
    const win = {
      ...base,
      open: vi.fn(() => ({ focus: vi.fn() }) as unknown as Window),
      location: { assign: vi.fn() },
    };
    expect(startGoogleSignIn('', win)).toBe('popup');
    const binding = localStorage.getItem(OAUTH_BINDING_KEY);
    expect(binding).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(win.open).toHaveBeenCalledWith(
      `/auth/google?mode=popup&binding=${binding}`,
      'mediadiet-google',
      popupFeatures(base),
    );
    expect(popupFeatures(base)).toBe('popup=yes,width=600,height=600,left=500,top=200');
    expect(win.location.assign).not.toHaveBeenCalled();
  });

  it('falls back to the full-page redirect when the popup is blocked', () => {
    const win = { ...base, open: vi.fn(() => null), location: { assign: vi.fn() } };
    expect(startGoogleSignIn('https://api.example', win)).toBe('redirect');
    expect(win.location.assign).toHaveBeenCalledWith(
      `https://api.example/auth/google?mode=redirect&binding=${localStorage.getItem(OAUTH_BINDING_KEY)}`,
    );
  });
});

describe('mayBeOAuthPopupReturn (main.tsx loads the popup code only then)', () => {
  it('holds exactly where completeOAuthPopup may act: an opener and /auth/dashboard?token or /auth/login?error', () => {
    const opener = sameOriginOpener();
    expect(mayBeOAuthPopupReturn(popupWindow('/auth/dashboard?success=true&token=t&user=x', opener))).toBe(true);
    expect(mayBeOAuthPopupReturn(popupWindow('/auth/dashboard/?token=t', opener))).toBe(true);
    expect(mayBeOAuthPopupReturn(popupWindow('/auth/login?error=Denied', opener))).toBe(true);
    expect(mayBeOAuthPopupReturn(popupWindow('/auth/login', opener))).toBe(false);
    expect(mayBeOAuthPopupReturn(popupWindow('/auth/dashboard', opener))).toBe(false);
    expect(mayBeOAuthPopupReturn(popupWindow('/auth/dashboard?token=t', null))).toBe(false);
  });

  it('is false wherever completeOAuthPopup does nothing for lack of an opener', () => {
    for (const url of ['/auth/dashboard?success=true&token=t', '/auth/login?error=x', '/']) {
      const win = popupWindow(url, null);
      expect(mayBeOAuthPopupReturn(win)).toBe(false);
      expect(completeOAuthPopup(win)).toBe(false);
    }
  });
});

describe('completeOAuthPopup (inside the popup)', () => {
  const successUrl = `/auth/dashboard?success=true&token=tok-1&user=${encodeURIComponent(JSON.stringify(user))}`;

  it('posts oauth_success with token and user to a same-origin opener, targeted at our origin, and closes', () => {
    const opener = sameOriginOpener();
    const win = popupWindow(successUrl, opener);
    expect(completeOAuthPopup(win)).toBe(true);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'oauth_success', success: true, token: 'tok-1', user },
      ORIGIN,
    );
    expect(win.close).toHaveBeenCalled();
  });

  it('forwards /auth/login?error=… to the opener as oauth_error and closes', () => {
    const opener = sameOriginOpener();
    const win = popupWindow('/auth/login?error=Google%20sign-in%20is%20not%20configured', opener);
    expect(completeOAuthPopup(win)).toBe(true);
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: 'oauth_error', error: 'Google sign-in is not configured' },
      ORIGIN,
    );
    expect(win.close).toHaveBeenCalled();
  });

  it('does nothing without an opener, or with an opener of another origin', () => {
    expect(completeOAuthPopup(popupWindow(successUrl, null))).toBe(false);
    const foreign = {
      get location(): never {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
      postMessage: vi.fn(),
    };
    const win = popupWindow(successUrl, foreign);
    expect(completeOAuthPopup(win)).toBe(false);
    expect(foreign.postMessage).not.toHaveBeenCalled();
    expect(win.close).not.toHaveBeenCalled();
  });

  it('does nothing on other pages', () => {
    const opener = sameOriginOpener();
    expect(completeOAuthPopup(popupWindow('/auth/dashboard', opener))).toBe(false);
    expect(completeOAuthPopup(popupWindow('/auth/login', opener))).toBe(false);
    expect(opener.postMessage).not.toHaveBeenCalled();
  });
});

describe('readOAuthMessage (the opener)', () => {
  const data = { type: 'oauth_success', success: true, token: 't', user };

  it('ignores foreign origins and foreign shapes, accepts our own', () => {
    expect(readOAuthMessage({ origin: 'https://evil.example', data }, ORIGIN)).toBeNull();
    expect(readOAuthMessage({ origin: ORIGIN, data: { type: 'something' } }, ORIGIN)).toBeNull();
    expect(readOAuthMessage({ origin: ORIGIN, data }, ORIGIN)).toEqual(data);
  });
});

describe('parseUserParam', () => {
  it('reads the user as JSON, once or twice encoded, and rejects anything else', () => {
    const json = JSON.stringify(user);
    expect(parseUserParam(json)).toEqual(user);
    expect(parseUserParam(encodeURIComponent(json))).toEqual(user);
    expect(parseUserParam('{"id":"x"}')).toBeNull();
    expect(parseUserParam('%%%')).toBeNull();
    expect(parseUserParam(null)).toBeNull();
  });
});
