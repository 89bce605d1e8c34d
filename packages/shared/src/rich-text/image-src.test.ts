/**
 * Issue 24: an image in rich text fires a GET at its address whenever the text is shown, so the
 * sanitisers keep only the content image route's own addresses, checked as the browser will
 * request them. Both sanitisers (the server's sanitize-html, the editor's cleanRichText) follow it.
 */
import { describe, expect, it } from 'vitest';
import { contentImageFromAddress, isRichTextImageSrc } from '../schemas/rich-text.ts';
import { cleanRichText } from './clean.ts';
import { sanitizeRichText } from './sanitize.ts';

const ID = '0f8c2a4e-5b6d-4e7f-9a1b-2c3d4e5f6a7b';
const SEAL = '7d1e0c9b-8a7f-4e6d-b5c4-a3b2c1d0e9f8';

const kept = [`/api/content/image/${ID}`, 'https://cdn.example.com/chart.png', 'https://example.com/apiary.png'];

const dropped = [
  // Dot segments out of the image route, plain and encoded, upper and lower case.
  `/api/content/image/../../backend/seals/${SEAL}`,
  `/api/content/image/%2e%2e/%2e%2e/backend/seals/${SEAL}`,
  `/api/content/image/%2E%2E/%2E%2E/backend/seals/${SEAL}`,
  `/api/content/image/.%2e/.%2E/backend/seals/${SEAL}`,
  `/api/content/image/%252e%252e/%252e%252e/backend/seals/${SEAL}`,
  `/api/content/image/${ID}/../../../backend/seals/${SEAL}`,
  `/api/content/image/./${ID}`,
  `/api/content/x/../image/${ID}`,
  // Backslashes, which the URL standard reads as slashes.
  `/api/content/image/..\\..\\backend/seals/${SEAL}`,
  `/api/content/image\\..\\..\\backend\\seals\\${SEAL}`,
  // Encoded slashes and letters.
  `/api/content/image/..%2f..%2fbackend%2fseals%2f${SEAL}`,
  `/api/content/image/%2e%2e%2f%2e%2e%2fbackend%2fseals%2f${SEAL}`,
  `/api/content/%69mage/${ID}`,
  // Not the id's shape: any other id, a query, a fragment, a trailing slash, upper case.
  '/api/content/image/no-such-file',
  '/api/content/image/',
  `/api/content/image/${ID}?x=1`,
  `/api/content/image/${ID}#x`,
  `/api/content/image/${ID}/`,
  `/api/content/image/${ID.toUpperCase()}`,
  `/api/content/image/${ID}x`,
  // Other routes of the portal, on this site or named with a host.
  `/api/backend/seals/${SEAL}`,
  `/api/content/document/${ID}`,
  `https://portal.example/api/backend/seals/${SEAL}`,
  `https://portal.example/%61pi/backend/seals/${SEAL}`,
  `https://portal.example/x/../api/backend/seals/${SEAL}`,
  `https://portal.example/API/backend/seals/${SEAL}`,
  // Schemes and forms that were never images.
  `//portal.example/api/content/image/${ID}`,
  `http://cdn.example.com/chart.png`,
  'javascript:alert(1)',
  'data:image/png;base64,AAAA',
  '',
];

describe('rich-text images: only the content image route’s own addresses', () => {
  it.each(kept)('keeps %s', (src) => {
    expect(isRichTextImageSrc(src)).toBe(true);
    expect(sanitizeRichText(`<p><img src="${src}" alt="a" /></p>`)).toContain('<img');
    expect(cleanRichText(`<p><img src="${src}" alt="a"></p>`)).toContain('<img');
  });

  it.each(dropped)('drops %s', (src) => {
    expect(isRichTextImageSrc(src)).toBe(false);
    expect(sanitizeRichText(`<p><img src="${src}" alt="a" />x</p>`)).toBe('<p>x</p>');
    expect(cleanRichText(`<p><img src="${src}" alt="a">x</p>`)).toBe('<p>x</p>');
  });

  it('reads character references in the attribute before checking', () => {
    const encoded = `/api/content/image/&#46;&#46;/&#x2e;&#x2E;/backend/seals/${SEAL}`;
    expect(sanitizeRichText(`<p><img src="${encoded}" />x</p>`)).toBe('<p>x</p>');
    expect(cleanRichText(`<p><img src="${encoded}">x</p>`)).toBe('<p>x</p>');
  });

  it('takes only a real id from a pasted address', () => {
    expect(contentImageFromAddress(`https://portal.example/api/content/image/${ID}`, 'https://portal.example')).toBe(
      `/api/content/image/${ID}`,
    );
    expect(contentImageFromAddress('/api/content/image/..', 'https://portal.example')).toBeNull();
    expect(contentImageFromAddress('/api/content/image/IMG-1', 'https://portal.example')).toBeNull();
  });
});
