import { randomUUID } from 'node:crypto';
import type { OutboxMessage } from '@mediadiet/contract/dev';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Clock } from '../lib/clock.ts';

/**
 * Outgoing mail. With SMTP_URL: nodemailer over SMTP. Without it (the embedded default): the mail is
 * written to the log and kept in an in-memory development outbox (GET /dev/outbox outside production).
 */

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers by name (the weekly letter's `List-Unsubscribe` and `List-Unsubscribe-Post`, RFC 8058). */
  headers?: Record<string, string>;
  /**
   * Whether the development outbox's log line carries the subject and the text (default yes: without SMTP a
   * sign-in PIN is read from the log). The weekly letter says what the person read: its line names only the
   * recipient.
   */
  contentInLog?: boolean;
}

export interface Outbox {
  /** Newest first; `to` matches case-insensitively. */
  list(filter?: { to?: string | undefined; limit?: number | undefined }): OutboxMessage[];
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(mail: Mail): Promise<void>;
  /** Present when mails are kept instead of sent. */
  outbox?: Outbox;
  close(): Promise<void>;
}

/** Mails the development outbox keeps. */
export const OUTBOX_SIZE = 50;

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
    close() {
      transport.close();
      return Promise.resolve();
    },
  };
}

export function createOutboxMailer(options: {
  from: string;
  log: FastifyBaseLogger;
  clock: Clock;
  /** Log level of the mail (production logs at warn: the operator must see that mail is not delivered). */
  level?: 'info' | 'warn';
}): Mailer {
  const kept: OutboxMessage[] = [];
  const level = options.level ?? 'info';
  return {
    kind: 'outbox',
    send(mail) {
      const message: OutboxMessage = {
        id: randomUUID(),
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: { ...mail.headers } } : {}),
        createdAt: options.clock().toISOString(),
      };
      kept.unshift(message);
      kept.length = Math.min(kept.length, OUTBOX_SIZE);
      const quiet = mail.contentInLog === false;
      options.log[level](
        { mail: quiet ? { to: mail.to } : { to: mail.to, subject: mail.subject } },
        quiet
          ? 'mail not sent (SMTP_URL is not set); kept in the development outbox'
          : `mail not sent (SMTP_URL is not set); kept in the development outbox:\n${mail.text}`,
      );
      return Promise.resolve();
    },
    outbox: {
      list(filter = {}) {
        const to = filter.to?.trim().toLowerCase();
        const matching = to ? kept.filter((m) => m.to.toLowerCase() === to) : kept;
        return matching.slice(0, filter.limit ?? OUTBOX_SIZE);
      },
    },
    close: () => Promise.resolve(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export interface MailPluginOptions {
  /** A mailer to use instead of the configured one (tests). */
  mailer?: Mailer;
}

export default fp<MailPluginOptions>(
  function mail(app: FastifyInstance, options) {
    const { smtpUrl, mailFrom, isProduction } = app.config;
    const mailer =
      options.mailer ??
      (smtpUrl
        ? createSmtpMailer(smtpUrl, mailFrom)
        : createOutboxMailer({
            from: mailFrom,
            log: app.log.child({ module: 'mail' }),
            clock: app.clock,
            level: isProduction ? 'warn' : 'info',
          }));
    if (mailer.kind === 'outbox' && isProduction) {
      // Only with MAIL_LOG_ONLY=true: without it the configuration refuses to start in production.
      app.log.warn(
        'SMTP_URL is not set (MAIL_LOG_ONLY=true): e-mails (sign-in PINs included) are written to the log instead of being sent',
      );
    }
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => {
      await mailer.close();
    });
  },
  { name: 'mail' },
);
