import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadUncommonCharHelper, UNCOMMON_CHAR_GLOBAL, type UncommonCharSession } from './uncommon-char.ts';

const SESSION: UncommonCharSession = {
  tid: 'T-1',
  token: 'tok-123',
  scripts: ['https://rare-chars.example/sdk/loader.js', 'https://rare-chars.example/sdk/input.js'],
};

function helperScripts(): HTMLScriptElement[] {
  return [...document.head.querySelectorAll<HTMLScriptElement>('script[data-uncommon-char]')];
}

/** jsdom does not fetch scripts: settle each one as it is added. */
function settleScripts(outcome: 'load' | 'error') {
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof HTMLScriptElement) setTimeout(() => node.dispatchEvent(new Event(outcome)), 0);
      }
    }
  });
  observer.observe(document.head, { childList: true });
  return observer;
}

describe('uncommon-character helper loader', () => {
  let observer: MutationObserver | null = null;

  beforeEach(() => {
    for (const script of helperScripts()) script.remove();
    delete (window as unknown as Record<string, unknown>)[UNCOMMON_CHAR_GLOBAL];
  });

  afterEach(() => {
    observer?.disconnect();
    observer = null;
  });

  it('does nothing in English: no token call, no script', async () => {
    const fetchSession = vi.fn(async () => SESSION);
    await expect(loadUncommonCharHelper('en-US', { fetchSession })).resolves.toBe('skipped');
    expect(fetchSession).not.toHaveBeenCalled();
    expect(helperScripts()).toHaveLength(0);
  });

  it('does nothing when the service is not configured', async () => {
    const fetchSession = vi.fn(async () => null);
    await expect(loadUncommonCharHelper('zh-CN', { fetchSession })).resolves.toBe('skipped');
    expect(fetchSession).toHaveBeenCalledTimes(1);
    expect(helperScripts()).toHaveLength(0);
  });

  it('loads the two scripts in order after the token call succeeds, with the session for them', async () => {
    observer = settleScripts('load');
    const outcome = await loadUncommonCharHelper('zh-CN', { fetchSession: async () => SESSION });
    expect(outcome).toBe('loaded');
    expect(helperScripts().map((script) => script.src)).toEqual(SESSION.scripts);
    expect((window as unknown as Record<string, unknown>)[UNCOMMON_CHAR_GLOBAL]).toEqual({
      tid: 'T-1',
      token: 'tok-123',
    });
  });

  it('is a silent no-op when the token call fails', async () => {
    const error = vi.spyOn(console, 'error');
    const outcome = await loadUncommonCharHelper('zh-CN', {
      fetchSession: async () => {
        throw new Error('502 from the service');
      },
    });
    expect(outcome).toBe('failed');
    expect(helperScripts()).toHaveLength(0);
    expect(error).not.toHaveBeenCalled();
  });

  it('is a silent no-op when a script fails to load, and stops before the second one', async () => {
    observer = settleScripts('error');
    const outcome = await loadUncommonCharHelper('zh-CN', { fetchSession: async () => SESSION });
    expect(outcome).toBe('failed');
    expect(helperScripts()).toHaveLength(0);
  });

  it('gives up on a script that never answers', async () => {
    vi.useFakeTimers();
    const pending = loadUncommonCharHelper('zh-CN', { fetchSession: async () => SESSION, timeoutMs: 1_000 });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(pending).resolves.toBe('failed');
  });

  it('refuses script addresses that are not http(s)', async () => {
    const outcome = await loadUncommonCharHelper('zh-CN', {
      fetchSession: async () => ({ ...SESSION, scripts: ['javascript:alert(1)'] }),
    });
    expect(outcome).toBe('failed');
    expect(helperScripts()).toHaveLength(0);
  });
});
