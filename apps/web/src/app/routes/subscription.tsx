import { Card, CardDescription, CardTitle } from '@/components/ui/card';

/** `/subscription` (guarded in router.tsx): plans, billing and payment arrive with the subscription issue. */
export function Component() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight text-ink">Subscription</h1>
      <Card className="mt-8 border-dashed bg-surface/70 shadow-none">
        <CardTitle>Subscription Status</CardTitle>
        <CardDescription className="max-w-2xl">
          Plans and billing are not available in this version yet. You have not been charged.
        </CardDescription>
      </Card>
    </div>
  );
}
