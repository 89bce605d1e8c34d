import en from '../en-US/mail.json' with { type: 'json' };
import type { NamespaceTexts } from '../index.ts';
import zh from '../zh-CN/mail.json' with { type: 'json' };

/** The e-mails the server sends, in both languages (kept out of `resources`; pass to `registerNamespaces`). */
export const texts = { 'en-US': { mail: en }, 'zh-CN': { mail: zh } } as const satisfies NamespaceTexts;
