import { describe, expect, it } from 'vitest';
import { pageCsp } from './security.ts';

const directive = (policy: string, name: string) => policy.split('; ').find((part) => part.startsWith(`${name} `));

describe('pageCsp', () => {
  it('admits only the page itself and its nonce by default', () => {
    const policy = pageCsp('abc', false);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc'");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it("admits a configured helper's origin for scripts and calls, and nothing more", () => {
    const policy = pageCsp('abc', true, ['https://uncommon-char.bank.example']);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc' https://uncommon-char.bank.example");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://uncommon-char.bank.example");
    expect(directive(policy, 'style-src')).toBe("style-src 'self' 'nonce-abc'");
    expect(policy).toContain('upgrade-insecure-requests');
  });
});
