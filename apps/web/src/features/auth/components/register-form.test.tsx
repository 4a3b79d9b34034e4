import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastContainer } from 'react-toastify';
import { messages } from '@mediadiet/contract/messages';
import { registerAccount } from '@/features/auth/api/sign-in';
import { RegisterForm } from '@/features/auth/components/register-form';

// The request layer never throws for a failed call (lib/api-client.ts), so an exception is simulated here.
vi.mock('@/features/auth/api/sign-in', () => ({
  registerAccount: vi.fn(),
  requestPin: vi.fn(),
  verifyPin: vi.fn(),
}));

function setup() {
  const props = {
    defaultEmail: '',
    focusOnMount: false,
    onRegistered: vi.fn(),
    onAlreadyRegistered: vi.fn(),
    onLogin: vi.fn(),
  };
  render(
    <>
      <RegisterForm {...props} />
      <div data-testid="toasts">
        <ToastContainer />
      </div>
    </>,
  );
  return { props, user: userEvent.setup() };
}

async function submit(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Register' }));
}

describe('RegisterForm failures', () => {
  it("an exception gives 'An unexpected error occurred. Please try again later.'", async () => {
    vi.mocked(registerAccount).mockRejectedValue(new Error('boom'));
    const { props, user } = setup();
    await submit(user);
    expect(
      await within(screen.getByTestId('toasts')).findByText(messages.auth.unexpected),
    ).toBeInTheDocument();
    expect(props.onRegistered).not.toHaveBeenCalled();
  });

  it("an error without text gives 'Registration failed. Please try again.'", async () => {
    vi.mocked(registerAccount).mockResolvedValue({ ok: false, error: '', status: 500 });
    const { props, user } = setup();
    await submit(user);
    expect(await screen.findByTestId('register-error')).toHaveTextContent(
      messages.auth.registrationFailedRetry,
    );
    expect(props.onAlreadyRegistered).not.toHaveBeenCalled();
  });

  it("a 'duplicate' error hands the e-mail to the login state", async () => {
    vi.mocked(registerAccount).mockResolvedValue({ ok: false, error: 'E11000 Duplicate key', status: 409 });
    const { props, user } = setup();
    await submit(user);
    expect(
      await within(screen.getByTestId('toasts')).findByText(messages.auth.duplicateEmail),
    ).toBeInTheDocument();
    expect(props.onAlreadyRegistered).toHaveBeenCalledWith('ada@example.com');
  });
});
