import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { sharedTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

/** A mail the SMTP server took: the envelope's recipients, the message as sent, and as mailparser reads it. */
export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  mail: ParsedMail;
}

/**
 * Mail over real SMTP for a test file: an SMTP server in process (smtp-server) that keeps what it takes in
 * `received`, started before the first test and closed after the app, and the file's app (sharedTestApp)
 * sending to it — `options` on top, their `env` (MAIL_FROM, …) merged.
 */
export function sharedSmtpApp(options: TestAppOptions = {}): { t: TestApp; received: ReceivedMail[] } {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw)
          .then((mail) => {
            received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address),
              raw: raw.toString('utf8'),
              mail,
            });
            callback();
          })
          .catch(callback);
      });
    },
  });
  beforeAll(() => new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve)));
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
  const t = sharedTestApp(() => ({
    ...options,
    env: { SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`, ...options.env },
  }));
  return { t, received };
}
