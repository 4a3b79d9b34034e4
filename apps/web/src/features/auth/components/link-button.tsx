import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A text-only button that reads like a link (switching sign-in steps, resend). */
export function LinkButton({
  tone = 'accent',
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { tone?: 'accent' | 'muted' }) {
  return (
    <button
      type={type}
      className={cn(
        'rounded-md font-medium underline-offset-4 hover:underline disabled:cursor-not-allowed disabled:opacity-55',
        tone === 'accent' ? 'text-accent-ink hover:text-accent' : 'text-ink-muted hover:text-ink',
        className,
      )}
      {...props}
    />
  );
}
