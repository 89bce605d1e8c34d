import { sanitizeRichText as serverSanitize } from '@portal/shared/rich-text';
import { cleanRichText } from '@portal/shared/rich-text/clean';
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
      '<img src="/api/content/image/0f8c2a4e-5b6d-4e7f-9a1b-2c3d4e5f6a7b" onerror="alert(1)" alt="Chart"><p onclick="x()">Text</p>',
    );
    expect(clean).not.toMatch(/onerror|onclick|alert/);
    expect(clean).toContain('src="/api/content/image/0f8c2a4e-5b6d-4e7f-9a1b-2c3d4e5f6a7b"');
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

/**
 * The three passes of the shared allow-list: the server's (sanitize-html) on save and read, the
 * editor's (htmlparser2) before parsing, the renderer's (DOMPurify). Each keeps the same content.
 */
describe('one allow-list for the server, the editor and the renderer', () => {
  const HOSTILE =
    '<h2 onclick="x()">Rates</h2><h3>Outlook</h3><p>Plain <strong>bold</strong> <em>it</em> <u>u</u> <s>s</s></p>' +
    '<ul><li>One</li><li>Two</li></ul><ol start="3"><li>Three</li></ol><blockquote>Quoted</blockquote>' +
    '<p><a href="https://www.example.org/r" target="_blank">Report</a> <a href="/about">About</a> ' +
    '<a href="javascript:alert(1)">bad</a> <a href="/\\evil.example">backslash</a></p>' +
    '<img src="/api/content/image/0f8c2a4e-5b6d-4e7f-9a1b-2c3d4e5f6a7b" alt="Chart" onerror="window.hacked=1">' +
    '<img src="http://evil.example/x.png" alt="plain http"><img src="data:image/png;base64,AAAA" alt="data">' +
    '<table style="width:9px"><tbody><tr><th colspan="2" onmouseover="x()">Tenor</th></tr>' +
    '<tr><td>1M</td><td data-x="1">2.1%</td></tr></tbody></table>' +
    '<script>window.hacked=2</script><style>p{color:red}</style><iframe src="https://evil.example"></iframe>' +
    '<form><input value="x"></form><p style="color:red" class="c" id="i">Styled</p>';

  /** The HTML as a comparable tree: elements with their sorted attributes, and text. */
  function shape(html: string): string {
    const template = document.createElement('template');
    template.innerHTML = html;
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element)) return '';
      // What only the renderer adds for the page (lazy images; new windows for other sites).
      const attributes = [...node.attributes]
        .filter((attribute) => !['loading', 'target', 'rel'].includes(attribute.name))
        .map((attribute) => `${attribute.name}=${attribute.value}`)
        .sort();
      const inner = [...node.childNodes].map(walk).join('');
      return `<${node.localName}${attributes.length ? ` ${attributes.join(' ')}` : ''}>${inner}</${node.localName}>`;
    };
    return [...template.content.childNodes].map(walk).join('');
  }

  const passes = {
    server: serverSanitize(HOSTILE),
    editor: cleanRichText(HOSTILE),
    renderer: sanitizeRichText(HOSTILE),
  };

  it.each(Object.entries(passes))('%s: keeps headings, lists, links, images and tables', (_name, html) => {
    const tree = shape(html);
    expect(tree).toContain('<h2>Rates</h2><h3>Outlook</h3>');
    expect(tree).toContain('<ul><li>One</li><li>Two</li></ul><ol start=3><li>Three</li></ol>');
    expect(tree).toContain('<a href=https://www.example.org/r>Report</a>');
    expect(tree).toContain('<a href=/about>About</a>');
    expect(tree).toContain('<img alt=Chart src=/api/content/image/0f8c2a4e-5b6d-4e7f-9a1b-2c3d4e5f6a7b>');
    expect(tree).toContain('<th colspan=2>Tenor</th>');
    expect(tree).toContain('<td>2.1%</td>');
    expect(tree).toContain('<p>Styled</p>');
  });

  it.each(Object.entries(passes))(
    '%s: strips scripts, handlers, styles, frames, forms and unsafe URLs',
    (_name, html) => {
      expect(html).not.toMatch(/<script|<style|<iframe|<form|<input|onclick|onerror|onmouseover|hacked/i);
      expect(html).not.toMatch(/style=|class=|id=|data-x|javascript:|evil|data:image|plain http/i);
    },
  );

  it('all three give the same tree', () => {
    expect(shape(passes.editor)).toBe(shape(passes.server));
    expect(shape(passes.renderer)).toBe(shape(passes.server));
  });

  it('the editor pass never hands a parser an event handler, whatever the quoting', () => {
    const tricky = [
      '<img src=x onerror=alert(1)>',
      '<img alt=">" onerror="alert(1)" src="/api/content/image/0f8c2a4e-5b6d-4e7f-9a1b-2c3d4e5f6a7b">',
      '<IMG SRC="/api/content/image/0f8c2a4e-5b6d-4e7f-9a1b-2c3d4e5f6a7b" ONERROR=alert(1)>',
      '<svg><image href=x onerror=alert(1)></svg>',
      '<p/onclick=alert(1)>x</p>',
      '<a href="jav&#x61;script:alert(1)">x</a>',
    ];
    for (const html of tricky) expect(cleanRichText(html)).not.toMatch(/onerror|onclick|javascript/i);
  });
});
