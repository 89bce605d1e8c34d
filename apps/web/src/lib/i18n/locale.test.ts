import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { appEvents } from '../events.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../storage.ts';
import { i18n } from './i18n.ts';
import { getLocale, normalizeLocale, readStoredLocale, setLocale } from './locale.ts';

describe('readStoredLocale', () => {
  it('defaults to en-US', () => {
    expect(readStoredLocale()).toBe('en-US');
  });

  it('reads the locale kept in localStorage under "locale"', () => {
    writeStorage(STORAGE_KEYS.locale, 'zh-CN');
    expect(readStoredLocale()).toBe('zh-CN');
  });

  it('accepts the lower-case form and ignores unknown values', () => {
    writeStorage(STORAGE_KEYS.locale, 'zh-cn');
    expect(readStoredLocale()).toBe('zh-CN');
    writeStorage(STORAGE_KEYS.locale, 'pt-PT');
    expect(readStoredLocale()).toBe('en-US');
    expect(normalizeLocale(undefined)).toBeNull();
  });
});

describe('setLocale', () => {
  it('switches i18next, dayjs and <html lang>, and remembers the choice', async () => {
    await setLocale('zh-CN');
    expect(getLocale()).toBe('zh-CN');
    expect(i18n.t('menu.home')).toBe('首页');
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(readStorage(STORAGE_KEYS.locale)).toBe('zh-CN');
    expect(readStoredLocale()).toBe('zh-CN');

    await setLocale('en-US');
    expect(i18n.t('menu.home')).toBe('Home');
    expect(document.documentElement.lang).toBe('en-US');
    expect(dayjs.locale()).toBe('en');
    expect(readStorage(STORAGE_KEYS.locale)).toBe('en-US');
  });

  it('emits locale-change once per actual change', async () => {
    const listener = vi.fn();
    const off = appEvents.on('locale-change', listener);
    await setLocale('zh-CN');
    await setLocale('zh-CN');
    off();
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ locale: 'zh-CN', previous: 'en-US' });
  });
});
