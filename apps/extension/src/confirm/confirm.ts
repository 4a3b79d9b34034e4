/**
 * The extension's own page that asks before it switches accounts (docs/decisions/109). A CONNECT_EXTENSION
 * for another account than the paired one opens it; the key waits, unused, until the person answers here.
 * Keeping the current account is the first and focused choice.
 */
import { getBrowser } from '../browser';
import { sendInternal } from '../messaging';

const browser = getBrowser();
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function main(): Promise<void> {
  const ask = byId<HTMLDivElement>('ask');
  const result = byId<HTMLParagraphElement>('result');
  const { pending } = await sendInternal(browser, { kind: 'switchPending' });
  if (!pending) {
    result.textContent = 'Nothing is waiting: the request has expired or was already answered. You can close this tab.';
    byId<HTMLHeadingElement>('title').focus();
    return;
  }
  ask.hidden = false;
  const keep = byId<HTMLButtonElement>('keep');
  const change = byId<HTMLButtonElement>('switch');
  keep.focus();
  const decide = async (accept: boolean) => {
    keep.disabled = true;
    change.disabled = true;
    const answer = await sendInternal(browser, { kind: 'switchDecision', accept });
    ask.hidden = true;
    result.textContent = !answer.success
      ? (answer.error ?? 'That did not work. Connect again from your account.')
      : accept
        ? 'The extension is now connected to the other account. You can close this tab.'
        : 'The extension stays connected to your current account. You can close this tab.';
  };
  keep.addEventListener('click', () => void decide(false));
  change.addEventListener('click', () => void decide(true));
}

void main().catch((error: unknown) => {
  console.error('Media Diet confirmation page:', error);
  byId<HTMLParagraphElement>('result').textContent = 'This page could not reach the extension. Close it and try again.';
});
