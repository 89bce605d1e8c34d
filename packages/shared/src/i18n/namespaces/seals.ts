import en from '../en-US/seals.json' with { type: 'json' };
import type { NamespaceTexts } from '../index.ts';
import zh from '../zh-CN/seals.json' with { type: 'json' };

/** Electronic seals: my signature seals and the back office approval queue, in both languages (kept out of `resources`). */
export const texts = { 'en-US': { seals: en }, 'zh-CN': { seals: zh } } as const satisfies NamespaceTexts;
