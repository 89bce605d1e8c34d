import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText } from './RichText.tsx';
import { sanitizeRichText } from './sanitize.ts';

describe('rich text renderer', () => {
  it('removes <script> elements and their code', () => {
    const clean = sanitizeRichText('<p>Rates</p><script>window.stolen = document.cookie</script>');
    expect(clean).toBe('<p>Rates</p>');
  });

  it('removes onerror and every other event-handler attribute', () => {
    const clean = sanitizeRichText(
      '<img src="/api/fileP1/download/F1?inline=1" onerror="alert(1)" alt="Chart"><p onclick="x()">Text</p>',
    );
    expect(clean).not.toMatch(/onerror|onclick|alert/);
    expect(clean).toContain('src="/api/fileP1/download/F1?inline=1"');
    expect(clean).toContain('<p>Text</p>');
  });

  it('drops javascript: links, frames, forms and inline styles, keeps ordinary formatting', () => {
    const clean = sanitizeRichText(
      '<a href="javascript:alert(1)">bad</a><iframe src="https://evil.example"></iframe><form><input></form><h2 style="color:red">Title</h2><ul><li><strong>One</strong></li></ul>',
    );
    expect(clean).not.toMatch(/javascript:|iframe|form|input|style=/);
    expect(clean).toContain('<h2>Title</h2>');
    expect(clean).toContain('<ul><li><strong>One</strong></li></ul>');
  });

  it('drops links that leave the site while looking same-site (the shared link rule)', () => {
    const clean = sanitizeRichText(
      '<a href="/\\evil.example">a</a><a href="//evil.example">b</a><img src="/\\evil.example/x.png" alt="c"><a href="/about">d</a><a href="#top">e</a>',
    );
    expect(clean).not.toContain('evil');
    expect(clean).toContain('<a href="/about">d</a>');
    expect(clean).toContain('<a href="#top">e</a>');
  });

  it('opens links to other sites in a new window without access to this one', () => {
    const clean = sanitizeRichText('<a href="https://www.example.org/report">Report</a>');
    expect(clean).toContain('target="_blank"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });

  it('never puts a script or handler on the page, even when the input carries one', () => {
    const { container } = render(
      <RichText html={'<p>Hello</p><img src="x" onerror="window.hacked=1"><script>window.hacked=2</script>'} />,
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.textContent).toBe('Hello');
  });
});
