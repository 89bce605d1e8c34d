// Types of test-packages.mjs for the TypeScript tests that import its paths.
export const CHROMIUM_PATH: string;
export const NGINX_PATH: string;
export function ensureTestPackages(): void;
