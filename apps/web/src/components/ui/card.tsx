import type { HTMLAttributes, ReactNode, Ref } from 'react';
import { IconLead, type IconLeadProps } from '@/components/ui/icon-badge';
import { cn } from '@/lib/cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-2xl border border-line bg-surface p-6 shadow-card sm:p-8', className)}
      {...props}
    />
  );
}

export interface CardTitleProps extends HTMLAttributes<HTMLHeadingElement> {
  /** Heading level; pick the one that fits the page outline. */
  as?: 'h1' | 'h2' | 'h3' | 'h4';
  /** Type size: `md` for cards among others, `lg` for the one card of a page (e.g. the sign-in card). */
  size?: 'md' | 'lg';
  children: ReactNode;
  ref?: Ref<HTMLHeadingElement>;
}

export function CardTitle({ as: Heading = 'h2', size = 'md', className, ...props }: CardTitleProps) {
  return (
    <Heading
      className={cn(
        'font-semibold tracking-tight text-ink',
        size === 'lg' ? 'text-2xl' : 'text-lg',
        className,
      )}
      {...props}
    />
  );
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('mt-1.5 text-[0.95rem] leading-relaxed text-ink-muted', className)} {...props} />;
}

export interface IconCardProps extends Omit<IconLeadProps, 'className'> {
  className?: string;
}

/** A card led by an icon: its heading, text and action stand beside the icon's badge. */
export function IconCard({ className, ...lead }: IconCardProps) {
  return (
    <Card className={className}>
      <IconLead {...lead} />
    </Card>
  );
}
