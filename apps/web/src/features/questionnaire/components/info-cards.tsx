import type { ReactNode } from 'react';

export interface InfoCard {
  icon: ReactNode;
  title: string;
  text: string;
}

/** Info cards: 3 columns at 1200 px and wider, 2 at 768 px and wider, else 1 (spec §2, §9). */
export function InfoCards({ cards }: { cards: InfoCard[] }) {
  return (
    <ul
      data-testid="info-cards"
      className="grid grid-cols-1 gap-4 min-[768px]:grid-cols-2 min-[1200px]:grid-cols-3"
    >
      {cards.map((card) => (
        <li key={card.title} className="flex gap-4 rounded-2xl border border-line bg-canvas/60 p-5">
          <span
            aria-hidden="true"
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-surface text-accent shadow-card"
          >
            {card.icon}
          </span>
          <div className="min-w-0">
            <h4 className="font-semibold text-ink">{card.title}</h4>
            <p className="mt-1 text-sm leading-relaxed text-ink-muted">{card.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
