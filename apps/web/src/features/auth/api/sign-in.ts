import { api } from '@mediadiet/contract/routes';
import type { PinRequest, RegisterRequest, VerifyRequest } from '@mediadiet/contract/auth';
import { safeRequest } from '@/lib/api-client';

/** `POST /auth/register`: creates the account and e-mails a PIN. */
export function registerAccount(body: RegisterRequest) {
  return safeRequest(api.authRegister, { body });
}

/** `POST /auth/pin`: e-mails a sign-in PIN. */
export function requestPin(body: PinRequest) {
  return safeRequest(api.authPin, { body });
}

/** `POST /auth/verify`: e-mail + PIN → session token and user. */
export function verifyPin(body: VerifyRequest) {
  return safeRequest(api.authVerify, { body });
}
