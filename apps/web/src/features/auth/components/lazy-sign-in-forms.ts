import { lazyModule } from '@/lib/lazy-module';

/** The sign-in forms (sign-in-forms.ts), fetched on the way to them. */
export const signInForms = lazyModule(() => import('@/features/auth/components/sign-in-forms'));

/** Starts fetching the forms; the router awaits it when the screen opens on a form (register state). */
export function preloadSignInForms(): Promise<unknown> {
  return signInForms.load();
}
