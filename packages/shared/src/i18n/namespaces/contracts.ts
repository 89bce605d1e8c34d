import en from '../en-US/contracts.json' with { type: 'json' };
import type { NamespaceTexts } from '../index.ts';
import zh from '../zh-CN/contracts.json' with { type: 'json' };

/** Contracts: upload, preview, sign, evidence, and the public /verify page, in both languages (kept out of `resources`). */
export const texts = { 'en-US': { contracts: en }, 'zh-CN': { contracts: zh } } as const satisfies NamespaceTexts;
