import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import type * as ToasterModuleNs from '@/components/ui/toaster';
import type * as ToastModuleNs from '@/lib/toast';

type ToasterModule = typeof ToasterModuleNs;
type ToastModule = typeof ToastModuleNs;

// Each test starts before react-toastify has been fetched: fresh copies of the modules.
let Toaster: ToasterModule['Toaster'];
let notify: ToastModule['notify'];
let toastLoaded: () => boolean;
beforeEach(async () => {
  vi.resetModules();
  ({ Toaster } = await import('@/components/ui/toaster'));
  const toast = await import('@/lib/toast');
  notify = toast.notify;
  toastLoaded = () => document.querySelector('.Toastify') !== null;
});

describe('Toaster and notify (react-toastify loaded on demand)', () => {
  it('renders nothing until react-toastify is needed', () => {
    render(<Toaster />);
    expect(toastLoaded()).toBe(false);
  });

  it('a toast raised before react-toastify has arrived shows as soon as it has, in order', async () => {
    render(<Toaster />);
    notify.success('Saved');
    notify.error('Then failed');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(await screen.findByText('Then failed')).toBeInTheDocument();
  });

  it('the first interaction with the page fetches it, so a later toast shows at once', async () => {
    render(<Toaster />);
    fireEvent.pointerDown(document.body);
    await vi.waitFor(() => expect(toastLoaded()).toBe(true));
    notify.info('Right away');
    expect(await screen.findByText('Right away')).toBeInTheDocument();
  });
});
