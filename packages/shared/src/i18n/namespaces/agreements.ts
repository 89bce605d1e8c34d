import en from '../en-US/agreements.json' with { type: 'json' };
import type { NamespaceTexts } from '../index.ts';
import zh from '../zh-CN/agreements.json' with { type: 'json' };

/** The user agreement and the personal-information policy, shown by the agreement page and dialog, in both languages (kept out of `resources`; pass to `registerNamespaces`). */
export const texts = { 'en-US': { agreements: en }, 'zh-CN': { agreements: zh } } as const satisfies NamespaceTexts;
