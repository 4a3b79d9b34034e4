import type { InvoiceStatus } from '@mediadiet/contract/payment';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<InvoiceStatus, BadgeTone> = {
  paid: 'success',
  pending: 'warning',
  open: 'warning',
  failed: 'danger',
  void: 'neutral',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge tone={tones[status]}>{status.charAt(0).toUpperCase() + status.slice(1)}</Badge>;
}
