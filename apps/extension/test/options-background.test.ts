import { describe, expect, it } from 'vitest';
import { updateBadge } from '../src/background/badge';
import { handleInternal, listen } from '../src/background/index';
import { COMMAND_PAUSE_MINUTES, PAUSE_COMMAND, PAUSE_MAX_MS, pauseEnd } from '../src/background/options';
import { buildManifest, FILES, PAUSE_SHORTCUT } from '../src/manifest';
import { setup, TEST_CONFIG } from './fakes';

/** `setup()` with the commands API and a toolbar button, listening as the background does. */
function listening() {
  const t = setup();
  const commands: ((command: string) => void)[] = [];
  t.browser.commands = { getAll: () => Promise.resolve([]), onCommand: { addListener: (l) => commands.push(l) } };
  const badge = { text: '' };
  t.browser.action = {
    setBadgeText: ({ text }) => void (badge.text = text),
    setBadgeBackgroundColor: () => undefined,
    setTitle: () => undefined,
  };
  listen(t.ctx);
  const press = async (command: string) => {
    for (const l of commands) l(command);
    for (let i = 0; i < 4; i++) await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const pausedUntil = () => (t.data.settings as { pausedUntil: number } | undefined)?.pausedUntil ?? 0;
  return { ...t, press, pausedUntil, badge };
}

describe('the options page in the manifests', () => {
  it('opens in a tab in both browsers', () => {
    for (const target of ['chrome', 'firefox'] as const) {
      expect(buildManifest(target, TEST_CONFIG).options_ui).toEqual({ page: 'options/options.html', open_in_tab: true });
    }
    expect(FILES.optionsHtml).toBe('options/options.html');
  });
});

describe('the pause shortcut', () => {
  it('is declared in both manifests with its suggested keys', () => {
    for (const target of ['chrome', 'firefox'] as const) {
      const m = buildManifest(target, TEST_CONFIG) as { commands: Record<string, { suggested_key: { default: string }; description: string }> };
      expect(m.commands[PAUSE_COMMAND]).toEqual({
        suggested_key: { default: 'Alt+Shift+Q' },
        description: 'Pause reading pages for 1 hour, or resume',
      });
      expect(PAUSE_SHORTCUT.name).toBe(PAUSE_COMMAND);
    }
  });

  it('pauses for an hour, and resumes when pressed again; the badge shows the pause', async () => {
    const t = listening();
    t.data.apiKey = 'mdx_key';
    await t.press(PAUSE_COMMAND);
    expect(t.pausedUntil()).toBe(t.now() + COMMAND_PAUSE_MINUTES * 60_000);
    await updateBadge(t.ctx);
    expect(t.badge.text).toBe('II');

    t.advance(10 * 60_000);
    await t.press(PAUSE_COMMAND);
    expect(t.pausedUntil()).toBe(0);
    await updateBadge(t.ctx);
    expect(t.badge.text).toBe('');
  });

  it('pauses again once a pause has ended by itself, and ignores other commands', async () => {
    const t = listening();
    t.data.settings = { onDevice: false, pausedUntil: t.now() - 1, dwellMs: 3000 };
    await t.press('_execute_action');
    expect(t.pausedUntil()).toBe(t.now() - 1);
    await t.press(PAUSE_COMMAND);
    expect(t.pausedUntil()).toBe(t.now() + 3600_000);
  });
});

describe('the pause message', () => {
  it('takes minutes, or an end the page computed ("until tomorrow"), within 48 hours and never in the past', async () => {
    const now = 1_000_000;
    expect(pauseEnd(now, { minutes: 15 })).toBe(now + 15 * 60_000);
    expect(pauseEnd(now, { minutes: 0 })).toBe(0);
    expect(pauseEnd(now, { until: now + 5 * 3600_000 })).toBe(now + 5 * 3600_000);
    expect(pauseEnd(now, { until: now - 1 })).toBe(0);
    expect(pauseEnd(now, { until: now + 30 * 24 * 3600_000 })).toBe(now + PAUSE_MAX_MS);
    expect(pauseEnd(now, { until: Number.NaN })).toBe(0);

    const t = setup();
    const state = await handleInternal(t.ctx, { kind: 'pause', until: t.now() + 7 * 3600_000 }, {});
    expect(state).toMatchObject({ pausedUntil: t.now() + 7 * 3600_000 });
  });
});
