import { PIN_TTL_MS } from './policy.ts';
import type { Mail } from '../../plugins/mail.ts';

/** The sign-in e-mails: plain text first, a simple HTML version of the same words. */

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const minutes = Math.round(PIN_TTL_MS / 60_000);

interface Context {
  serviceName: string;
  publicUrl: string;
  supportEmail: string | undefined;
}

function layout(ctx: Context, title: string, bodyHtml: string): string {
  const service = escapeHtml(ctx.serviceName);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="margin:0 0 24px;font-size:14px;font-weight:600;color:#52606d">${service}</p>
${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#7b8794">${service} · <a href="${escapeHtml(ctx.publicUrl)}" style="color:#7b8794">${escapeHtml(ctx.publicUrl)}</a></p>
</td></tr>
</table>
</body>
</html>`;
}

function footerText(ctx: Context): string {
  return `— ${ctx.serviceName}\n${ctx.publicUrl}${ctx.supportEmail ? `\nHelp: ${ctx.supportEmail}` : ''}`;
}

/**
 * The PIN mail (after registering or asking for a PIN). It greets nobody by name: the name was typed by
 * whoever registered, and this mail goes to an address they may not own (decision 107).
 */
export function pinMail(ctx: Context, email: string, pin: string, welcome: boolean): Mail {
  const subject = welcome ? `Welcome to ${ctx.serviceName}: your sign-in PIN` : `Your ${ctx.serviceName} sign-in PIN`;
  const greeting = 'Hello,';
  const intro = welcome
    ? `Thank you for registering with ${ctx.serviceName}. Enter this PIN to finish signing in:`
    : `Here is your PIN to sign in to ${ctx.serviceName}:`;
  const validity = `The PIN is valid for ${minutes} minutes and works once, on the device and network you asked for it from.`;
  const ignore = 'If you did not ask for it, ignore this e-mail: nobody can sign in without the PIN.';

  const text = [greeting, '', intro, '', `    ${pin}`, '', validity, ignore, '', footerText(ctx)].join('\n');
  const html = layout(
    ctx,
    subject,
    `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(intro)}</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:Menlo,Consolas,monospace">${pin}</p>
<p style="margin:0 0 8px;font-size:14px">${escapeHtml(validity)}</p>
<p style="margin:0;font-size:14px;color:#52606d">${escapeHtml(ignore)}</p>`,
  );
  return { to: email, subject, text, html };
}

/** Sent once to the owner when too many wrong PINs paused PIN sign-in for the account (decision 105). */
export function pinPausedMail(ctx: Context, email: string, failures: number): Mail {
  return twoLineMail(
    ctx,
    email,
    `PIN sign-in to ${ctx.serviceName} is paused`,
    `Someone entered a wrong PIN for your ${ctx.serviceName} account ${failures} times within a day, so PIN sign-in for this address is paused for up to a day. Nobody signed in: a wrong PIN lets no one in.`,
    `Continue with Google at ${ctx.publicUrl}/auth/login to sign in meanwhile. If these attempts were not yours, you need not do anything: PIN sign-in resumes by itself.`,
  );
}

/** Sent instead of a PIN when nobody is registered with the address (the caller is told the same as for a PIN). */
export function noAccountMail(ctx: Context, email: string): Mail {
  return twoLineMail(
    ctx,
    email,
    `Sign-in attempt at ${ctx.serviceName}`,
    `Someone (hopefully you) asked for a PIN to sign in to ${ctx.serviceName} with this e-mail address, but no account uses it.`,
    `To create an account, register at ${ctx.publicUrl}/auth/login. If this was not you, ignore this e-mail.`,
  );
}

/** A greeting, a message and a smaller second line, as text and HTML (no name: decision 107). */
function twoLineMail(ctx: Context, email: string, subject: string, line1: string, line2: string): Mail {
  const text = ['Hello,', '', line1, '', line2, '', footerText(ctx)].join('\n');
  const html = layout(
    ctx,
    subject,
    `<p style="margin:0 0 16px;font-size:16px">Hello,</p>
<p style="margin:0 0 16px;font-size:16px">${escapeHtml(line1)}</p>
<p style="margin:0;font-size:14px">${escapeHtml(line2)}</p>`,
  );
  return { to: email, subject, text, html };
}
