import { useEffect, useEffectEvent, useState } from 'react';
import {
  INSTALL_ADVANCE_DELAY_MS,
  INSTALL_POLL_INTERVAL_MS,
  INSTALL_POLL_MAX_TRIES,
} from '@mediadiet/contract/constants';

export type InstallPolling =
  | { status: 'idle' }
  | { status: 'polling'; attempt: number }
  | { status: 'found' }
  | { status: 'not-found' };

/**
 * The wizard's installation detection (spec §4, §9): after the user clicks install, PING every 5 s, up to
 * 3 times; on detection wait 1 s, then `onAdvance()` (the connect step). `start()` begins (or restarts
 * after 'not-found') a round. Timers stop when the component unmounts.
 */
export function useInstallPolling(detect: () => Promise<boolean>, onAdvance: () => void) {
  const [polling, setPolling] = useState<InstallPolling>({ status: 'idle' });
  const [round, setRound] = useState(0);
  const advance = useEffectEvent(onAdvance);
  const ping = useEffectEvent(detect);

  useEffect(() => {
    if (round === 0) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      });

    void (async () => {
      for (let attempt = 1; attempt <= INSTALL_POLL_MAX_TRIES; attempt += 1) {
        setPolling({ status: 'polling', attempt });
        await wait(INSTALL_POLL_INTERVAL_MS);
        if (cancelled) return;
        const found = await ping();
        if (cancelled) return;
        if (found) {
          setPolling({ status: 'found' });
          await wait(INSTALL_ADVANCE_DELAY_MS);
          if (!cancelled) advance();
          return;
        }
      }
      setPolling({ status: 'not-found' });
    })();

    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [round]);

  const start = () => {
    if (polling.status === 'polling' || polling.status === 'found') return;
    setRound((r) => r + 1);
  };

  return { polling, start };
}
