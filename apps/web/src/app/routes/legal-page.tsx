import type { ReactNode } from 'react';
import { env } from '@/config/env';

/** The shared frame of /terms and /privacy: readable measure, clear hierarchy. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-semibold tracking-tight text-ink">{title}</h1>
      <div className="mt-8 space-y-7 leading-relaxed text-ink [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:tracking-tight [&_li]:mt-1.5 [&_p]:mt-2 [&_p]:text-ink-muted [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:pl-5 [&_ul]:text-ink-muted [&_strong]:font-semibold [&_strong]:text-ink">
        {children}
      </div>
    </article>
  );
}

/** The closing Contact section of /terms and /privacy: "Questions about {topic}:" and the support address. */
export function LegalContact({ topic }: { topic: string }) {
  const { supportEmail } = env;
  return (
    <section>
      <h2>Contact</h2>
      <p>
        Questions about {topic}:{' '}
        <a
          className="font-medium text-accent-ink underline underline-offset-2"
          href={`mailto:${supportEmail}`}
        >
          {supportEmail}
        </a>
        .
      </p>
    </section>
  );
}
