/** Sign-in errors the server answers with that the contract's catalogue does not have (server-only wording). */
export const authMessages = {
  pinAttemptsExceeded: 'Too many incorrect attempts. Please request a new PIN.',
  mailFailed: 'We could not send the e-mail right now. Please try again in a few minutes.',
  googleNotConfigured: 'Google sign-in is not configured on this server',
  googleUnavailable: 'Google sign-in is unavailable right now. Please try again later.',
  googleCancelled: 'Google sign-in was cancelled',
  googleExpired: 'Your Google sign-in took too long or was started in another browser. Please try again.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleEmailUnverified:
    'Your Google account has no verified e-mail address, so it cannot be used to sign in here. Please sign in with your e-mail and a PIN.',
} as const;
