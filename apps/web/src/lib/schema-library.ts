/**
 * main.tsx's first step: the schema library's chunk, evaluated on its own task before the shared
 * schemas that build on it. One named export, not the namespace: importing the whole module would
 * keep every part of zod (its locales...) in the bundle.
 */
export { ZodType } from 'zod';
