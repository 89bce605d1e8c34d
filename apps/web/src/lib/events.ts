import type { Locale } from '@portal/shared';

type Listener<T> = (payload: T) => void;

export type Emitter<Events extends Record<string, unknown>> = {
  /** Subscribes; returns the function that unsubscribes. */
  on<K extends keyof Events>(name: K, listener: Listener<Events[K]>): () => void;
  emit<K extends keyof Events>(name: K, payload: Events[K]): void;
  listenerCount(name: keyof Events): number;
};

export function createEmitter<Events extends Record<string, unknown>>(): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(name, listener) {
      let set = listeners.get(name);
      if (!set) {
        set = new Set();
        listeners.set(name, set);
      }
      set.add(listener as Listener<never>);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])]) {
        try {
          (listener as Listener<typeof payload>)(payload);
        } catch (error) {
          console.error(`app event "${String(name)}" listener failed`, error);
        }
      }
    },
    listenerCount(name) {
      return listeners.get(name)?.size ?? 0;
    },
  };
}

/**
 * Events the shell raises for features to handle. The accounts feature subscribes to
 * `open-login` (show the login dialog) and `session-invalid` (drop cached user data).
 */
export type AppEvents = {
  /**
   * Ask for the login dialog: the session expired, a login-only page was requested, the user
   * pressed "Log in", or a password was changed or reset (the e-mail is then filled in).
   */
  'open-login': {
    reason: 'session-invalid' | 'login-required' | 'user' | 'password-changed';
    nextPath?: string;
    /** login-required: the title (translation key) of the page that asked, named in the dialog. */
    pageTitle?: string;
    emailAdr?: string;
  };
  /** The server answered with a session-invalid code (SPEC §8); display data is already cleared. */
  'session-invalid': { code: string; message: string };
  /** The language changed (after i18next, dayjs, storage and `<html lang>` were updated). */
  'locale-change': { locale: Locale; previous: Locale };
};

export const appEvents = createEmitter<AppEvents>();
