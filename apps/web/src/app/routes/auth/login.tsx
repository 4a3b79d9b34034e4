import { SignInScreen } from '@/features/auth/components/sign-in-screen';
import { wantsRegister } from '@/lib/storage';

/** `/auth/login` — the loader in router.tsx sends signed-in users on to the dashboard. */
export function Component() {
  return <SignInScreen initialMode={wantsRegister() ? 'register' : 'initial'} />;
}
