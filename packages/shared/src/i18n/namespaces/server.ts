import en from '../en-US/server.json' with { type: 'json' };
import type { NamespaceTexts } from '../index.ts';
import zh from '../zh-CN/server.json' with { type: 'json' };

/** The server's own texts (the success message, the API documentation), in both languages (kept out of `resources`; pass to `registerNamespaces`). */
export const texts = { 'en-US': { server: en }, 'zh-CN': { server: zh } } as const satisfies NamespaceTexts;
