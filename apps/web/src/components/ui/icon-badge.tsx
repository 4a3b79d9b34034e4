import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const sizes = {
  sm: 'size-9 rounded-xl',
  md: 'size-10 rounded-xl',
  lg: 'size-12 rounded-2xl',
  xl: 'size-14 rounded-2xl',
} as const;

const tones = {
  accent: 'bg-accent-soft text-accent-ink',
  success: 'bg-success-soft text-success',
  warning: 'bg-warning-soft text-warning',
  muted: 'bg-sunken text-ink-muted',
  /** On a tinted card: a white tile lifted by a shadow. */
  raised: 'bg-surface text-accent-ink shadow-card',
} as const;

export interface IconBadgeProps {
  size?: keyof typeof sizes;
  tone?: keyof typeof tones;
  className?: string;
  /** The icon, sized by the caller (`size-5` in `md`, `size-6` in `lg`, `size-7` in `xl`). */
  children: ReactNode;
}

/** The decorative tile an icon sits on, at the head of a card, a step or a list row (hidden from assistive technology). */
export function IconBadge({ size = 'md', tone = 'accent', className, children }: IconBadgeProps) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex shrink-0 items-center justify-center', sizes[size], tones[tone], className)}
    >
      {children}
    </span>
  );
}

export interface IconLeadProps extends Omit<IconBadgeProps, 'children' | 'size'> {
  icon: ReactNode;
  /** `inline`: a `md` badge beside the text; `stacked`: a `lg` badge, above the text on phones. */
  layout?: 'inline' | 'stacked';
  children: ReactNode;
}

/** An icon badge with its text beside it: the head of a card or of a wizard step. */
export function IconLead({ icon, layout = 'inline', className, children, tone }: IconLeadProps) {
  const stacked = layout === 'stacked';
  return (
    <div
      className={cn(
        stacked ? 'flex flex-col gap-5 sm:flex-row sm:items-start' : 'flex items-start gap-3',
        className,
      )}
    >
      <IconBadge size={stacked ? 'lg' : 'md'} tone={tone}>
        {icon}
      </IconBadge>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
