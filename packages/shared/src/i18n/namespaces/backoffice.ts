import en from '../en-US/backoffice.json' with { type: 'json' };
import type { NamespaceTexts } from '../index.ts';
import zh from '../zh-CN/backoffice.json' with { type: 'json' };

/** The bank staff's back office, in both languages (kept out of `resources`; pass to `registerNamespaces`). */
export const texts = { 'en-US': { backoffice: en }, 'zh-CN': { backoffice: zh } } as const satisfies NamespaceTexts;
