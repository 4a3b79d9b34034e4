import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from '@/testing/msw-server';
import { fakeSockets } from '@/testing/fake-socket-io';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { preloadExtensionConnection } from '@/features/extension/hooks/use-extension-connection';

// No real socket.io connections in component tests; tests drive the fake (testing/fake-socket-io.ts).
vi.mock('socket.io-client', () => import('@/testing/fake-socket-io'));

/**
 * - MSW answers the server boundary; a request no handler knows fails the test.
 * - `console.error` fails the test unless the test expects it (`expectConsoleError()` or its own spy).
 * - jsdom lacks a few browser APIs Radix relies on; small stand-ins below.
 */

// findBy*/waitFor give up after 1 s by default, which makes a test's outcome depend on the machine's speed:
// on a loaded 2-core machine a lazy route plus a toast took more than 5 s. They resolve as soon as the
// condition holds, so the ceiling is only a budget: just under the test's own (vitest.config.ts), so that a
// condition that never holds still fails with the DOM printed rather than a bare timeout.
configure({ asyncUtilTimeout: 18_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
// A dialog's code loads when a modal or confirmation first opens (components/ui/modal.tsx, confirm-dialog.tsx); tests start with it loaded, as a
// warm browser session has it, so a modal shows in the render that opens it. Likewise the extension
// connection's calls, which the router's loaders fetch before any signed-in screen renders (app-layout.tsx).
beforeAll(() => Promise.all([Modal.preload(), ConfirmDialog.preload(), preloadExtensionConnection()]));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  fakeSockets.length = 0;
  const unexpected = consoleErrors;
  consoleErrors = [];
  if (unexpected.length > 0 && !expected) {
    throw new Error(
      `Unexpected console.error during the test:\n${unexpected.map((args) => args.map(String).join(' ')).join('\n')}`,
    );
  }
  expected = false;
});

let expected = false;
/** Call in a test that deliberately causes a console.error (e.g. a render error caught by a boundary). */
export function expectConsoleError(): void {
  expected = true;
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.setPointerCapture = () => {};
}
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}
