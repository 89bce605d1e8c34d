import { useCallback, useEffect, useState } from 'react';

/**
 * A seconds countdown (the 60 s wait before an e-mail code can be sent again, SPEC §4). Counts
 * against the clock, so a throttled background tab still ends on time.
 */
export type Countdown = { remaining: number; running: boolean; start: (seconds: number) => void; stop: () => void };

export function useCountdown(): Countdown {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return undefined;
    const timer = window.setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) setEndsAt(null);
    }, 250);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const start = useCallback((seconds: number) => {
    const time = Date.now();
    setNow(time);
    setEndsAt(seconds > 0 ? time + seconds * 1000 : null);
  }, []);
  const stop = useCallback(() => setEndsAt(null), []);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, running: remaining > 0, start, stop };
}
