import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { useSessionUser } from '@/features/auth/api/session-user';

/** `/auth/dashboard` (guarded in router.tsx). The dashboard views arrive with their own issues. */
export function Component() {
  const user = useSessionUser();
  const firstName = user?.name?.trim().split(/\s+/)[0];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="text-3xl font-semibold tracking-tight text-ink">
        {firstName ? `Welcome, ${firstName}` : 'Your dashboard'}
      </h1>
      <p className="mt-2 text-ink-muted">Your touch points, insights and settings will live here.</p>
      <Card className="mt-8 border-dashed bg-surface/70 shadow-none">
        <CardTitle>Your dashboard is being set up</CardTitle>
        <CardDescription className="max-w-2xl">
          You are signed in. The insights, recent analyses and settings views are not available in this
          version yet; nothing has been analysed or charged.
        </CardDescription>
      </Card>
    </div>
  );
}
