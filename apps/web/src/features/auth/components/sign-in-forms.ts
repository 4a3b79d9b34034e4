/**
 * The sign-in screen's forms (react-hook-form, the contract's field schemas, zod) as one module, loaded
 * when the visitor heads for one — `lazy-sign-in-forms.ts` — rather than with the screen, whose first
 * state only offers Google and e-mail (docs/decisions/073-route-javascript-budget.md).
 */
export { LoginForm } from '@/features/auth/components/login-form';
export { RegisterForm } from '@/features/auth/components/register-form';
export { VerifyForm } from '@/features/auth/components/verify-form';
