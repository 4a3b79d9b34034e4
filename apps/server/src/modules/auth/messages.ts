import { messages } from '@mediadiet/contract/messages';

/** Sign-in errors the server answers with that the contract's catalogue does not have (server-only wording). */
export const authMessages = {
  pinAttemptsExceeded: 'Too many incorrect attempts. Please request a new PIN.',
  pinSignInPaused:
    'PIN sign-in for this e-mail address is paused for up to a day after too many incorrect PINs. Please continue with Google, or try again tomorrow.',
  mailFailed: 'We could not send the e-mail right now. Please try again in a few minutes.',
  // The Google failures end on /auth/login?error=<code>: their words live in the contract's catalogue.
  googleNotConfigured: messages.signInError.google_not_configured,
  googleUnavailable: messages.signInError.google_unavailable,
  googleCancelled: messages.signInError.google_cancelled,
  googleExpired: messages.signInError.google_expired,
  googleFailed: messages.signInError.google_failed,
  googleEmailUnverified: messages.signInError.google_email_unverified,
} as const;
