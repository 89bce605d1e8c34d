import { delimiter } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireFile, requireTool } from './require-tool.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('requireTool', () => {
  it('finds a tool on the PATH, and names the tool and its package when the PATH lacks it', () => {
    expect(requireTool('node', 'nodejs')).toMatch(/\/node$/);
    vi.stubEnv('PATH', ['/nonexistent', ''].join(delimiter));
    expect(() => requireTool('node', 'nodejs')).toThrow(
      'node is missing: install nodejs (node scripts/test-packages.mjs)',
    );
  });

  it('names a missing file and its package', () => {
    expect(requireFile(import.meta.filename, 'x')).toBe(import.meta.filename);
    expect(() => requireFile('/nonexistent/font.ttc', 'fonts-noto-cjk')).toThrow(
      '/nonexistent/font.ttc is missing: install fonts-noto-cjk (node scripts/test-packages.mjs)',
    );
  });
});
