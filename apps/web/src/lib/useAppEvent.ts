import { useEffect, useRef } from 'react';
import { type AppEvents, appEvents } from './events.ts';

/** Subscribes a component to an app event for as long as it is mounted. */
export function useAppEvent<K extends keyof AppEvents>(name: K, handler: (payload: AppEvents[K]) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => appEvents.on(name, (payload) => latest.current(payload)), [name]);
}
