import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helpers.ts';

const { app } = await buildTestApp();
const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();

// The docs' own pages and the web app's static files are not part of the API.
const apiRoutes = app.routeTable.filter(
  (r) => r.documented && (r.url.startsWith('/api/') || r.url === '/healthz' || r.url === '/readyz'),
);

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document', () => {
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.info.title).toBe('Interbank Cooperation Portal API');
  });

  it('covers the routes that exist', () => {
    expect(apiRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /healthz', 'GET /readyz', 'GET /api/site/config', 'GET /api/dict/p1/selectDict']),
    );
  });

  it.each(apiRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    'lists %s with its request and response schemas',
    (_name, route) => {
      if (route.url.startsWith('/api/docs')) return;
      const operation = spec.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      expect(operation, 'missing from the document').toBeDefined();
      // JSON envelopes, a file's bytes (downloads: any file, a PDF, a seal's PNG), or server-sent
      // events (the unread stream).
      const content = operation.responses['200'].content;
      expect(
        content['application/json']?.schema ??
          content['application/octet-stream']?.schema ??
          content['application/pdf']?.schema ??
          content['image/png']?.schema ??
          content['text/event-stream']?.schema,
      ).toBeDefined();
      if (/:\w+/.test(route.url)) expect(operation.parameters?.length).toBeGreaterThan(0);
      if (route.hasBody) expect(operation.requestBody?.content?.['application/json']?.schema).toBeDefined();
    },
  );
});

describe('GET /api/docs', () => {
  it('serves the interactive documentation page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
