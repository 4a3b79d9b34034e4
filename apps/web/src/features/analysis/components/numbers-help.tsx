import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown, CircleHelp } from 'lucide-react';
import { messages } from '@mediadiet/contract/messages';

const explained = [
  { term: messages.history.patternStrength, meaning: messages.history.numbersHelpPatternStrength },
  { term: 'Bayes factor', meaning: messages.history.numbersHelpBayesFactor },
  { term: messages.history.probability, meaning: messages.history.numbersHelpProbability },
];

/**
 * "What do these numbers mean?": a closed disclosure under the detail's figures that explains Pattern
 * Strength, the Bayes factor and the probability in one plain sentence each (packages/analyzer/README.md,
 * "Pattern strength"), for a reader who is not a statistician.
 */
export function NumbersHelp() {
  return (
    <Collapsible.Root className="border-t border-line pt-4 print:hidden">
      <Collapsible.Trigger className="group inline-flex min-h-11 items-center gap-1.5 rounded-md text-left text-sm font-medium text-accent-ink underline-offset-2 hover:underline">
        <CircleHelp aria-hidden="true" className="size-4 shrink-0" />
        {messages.history.numbersHelpTitle}
        <ChevronDown
          aria-hidden="true"
          className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
        />
      </Collapsible.Trigger>
      <Collapsible.Content>
        <dl data-testid="numbers-help" className="mt-2 grid gap-3 text-sm">
          {explained.map(({ term, meaning }) => (
            <div key={term}>
              <dt className="font-semibold text-ink">{term}</dt>
              <dd className="mt-0.5 leading-relaxed text-ink-muted">{meaning}</dd>
            </div>
          ))}
        </dl>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
