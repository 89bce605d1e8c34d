import SwaggerParser from '@apidevtools/swagger-parser';
import { ERROR_CODES } from '@portal/shared';
import { describe, expect, it } from 'vitest';
import { readClientSchema, renderClientSchema } from '../../../../scripts/openapi/client.ts';
import type { OpenApiDocument } from '../../../../scripts/openapi/document.ts';
import { buildTestApp } from '../../test/helpers.ts';
import { SESSION_SECURITY, type TAGS, WHO_MAY_CALL } from './openapi.ts';
import { type Access, SESSION_COOKIE } from './session.ts';

const { app, config } = await buildTestApp();
const spec = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApiDocument;

// The docs' own pages and the web app's static files are not part of the API.
const apiRoutes = app.routeTable.filter(
  (r) => r.documented && (r.url.startsWith('/api/') || r.url === '/healthz' || r.url === '/readyz'),
);

type Operation = {
  operationId?: string;
  tags?: string[];
  description?: string;
  security?: unknown;
  'x-access'?: string;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown; example?: unknown }> }>;
  requestBody?: { content?: Record<string, { schema?: unknown; example?: unknown }> };
  parameters?: unknown[];
};
/** A route's path as documented: ":name" as "{name}", a trailing wildcard as "{rest}" (openapi.ts). */
const pathOf = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, '/{rest}');
const operationOf = (method: string, url: string) =>
  spec.paths[pathOf(url)]?.[method.toLowerCase()] as Operation | undefined;
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({ path, method, operation: operation as Operation })),
);

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document', () => {
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.info.title).toBe('Interbank Cooperation Portal API');
  });

  it('passes swagger-parser validation (the OpenAPI schema, every $ref resolves)', async () => {
    await expect(SwaggerParser.validate(structuredClone(spec) as never)).resolves.toBeDefined();
  });

  it('names the server by PUBLIC_BASE_URL', () => {
    expect(spec.servers).toEqual([{ url: config.publicBaseUrl, description: expect.any(String) }]);
  });

  it('covers the routes that exist', () => {
    expect(apiRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /healthz', 'GET /readyz', 'GET /api/site/config', 'GET /api/dict/p1/selectDict']),
    );
    expect(operations).toHaveLength(apiRoutes.filter((r) => !r.url.startsWith('/api/docs')).length);
  });

  it.each(apiRoutes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    'lists %s with its request and response schemas',
    (_name, route) => {
      if (route.url.startsWith('/api/docs')) return;
      const operation = operationOf(route.method, route.url);
      expect(operation, 'missing from the document').toBeDefined();
      // JSON envelopes, a file's bytes (downloads: any file, a PDF, a seal's PNG), a spreadsheet
      // (the back office's exports), server-sent events (the unread stream), or the authority's
      // certificate, CRL and OCSP answers.
      const content = operation!.responses['200']!.content!;
      expect(
        content['application/json']?.schema ??
          content['application/octet-stream']?.schema ??
          content['application/pdf']?.schema ??
          content['image/png']?.schema ??
          content['text/csv']?.schema ??
          content['text/event-stream']?.schema ??
          content['application/x-pem-file']?.schema ??
          content['application/pkix-cert']?.schema ??
          content['application/pkix-crl']?.schema ??
          content['application/ocsp-response']?.schema ??
          content['application/timestamp-reply']?.schema,
      ).toBeDefined();
      if (/:\w+/.test(route.url)) expect(operation!.parameters?.length).toBeGreaterThan(0);
      if (route.hasBody) expect(operation!.requestBody?.content?.['application/json']?.schema).toBeDefined();
    },
  );
});

describe('operationIds', () => {
  const ids = operations.map(({ operation }) => operation.operationId);

  it('every operation has one, unique in the document and URL-safe', () => {
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z][A-Za-z0-9]*$/);
  });

  // A path ending in an operation of SPEC §7 is named as SPEC spells it; where two paths would
  // give the same name, the name says which.
  const SPEC_OPERATIONS: ReadonlyArray<[method: string, url: string, operationId: string]> = [
    ['POST', '/api/user/p1/login', 'login'],
    ['GET', '/api/user/p1/getVerifyCode', 'getVerifyCode'],
    ['POST', '/api/user/p1/agree', 'agree'],
    ['POST', '/api/user/p1/logout', 'logout'],
    ['POST', '/api/user/p1/first/modifyPwd', 'firstModifyPwd'],
    ['POST', '/api/user/p1/modifyPwd', 'modifyPwd'],
    ['POST', '/api/user/p1/getEmailCode', 'getEmailCode'],
    ['POST', '/api/user/p1/resetPwd', 'resetPwd'],
    ['GET', '/api/user/p1/detail', 'userDetail'],
    ['POST', '/api/user/p1/register', 'register'],
    ['POST', '/api/user/p1/improve/info', 'improveInfo'],
    ['POST', '/api/user/p1/completeInfo', 'completeInfo'],
    ['POST', '/api/user/p1/updateUserInfo', 'updateUserInfo'],
    ['POST', '/api/user/p1/queryLoginEmailFlag', 'queryLoginEmailFlag'],
    ['GET', '/api/user/p1/detailForBthw', 'detailForBthw'],
    ['POST', '/api/user/p1/getRegisterVerifyOrg', 'getRegisterVerifyOrg'],
    ['GET', '/api/front/bthw/queryContactById/:lgcSn', 'queryContactById'],
    ['GET', '/api/org/p1/list/dic', 'listDic'],
    ['GET', '/api/dict/p1/selectDict', 'selectDict'],
    ['GET', '/api/bthw/myListPage', 'myListPage'],
    ['GET', '/api/bthw/queryMyMessagesListPage', 'queryMyMessagesListPage'],
    ['GET', '/api/bthw/collectListPage', 'collectListPage'],
    ['GET', '/api/bthw/myReceiveListPageByManPush', 'myReceiveListPageByManPush'],
    ['GET', '/api/bthw/myReceiveListPageBySjPush', 'myReceiveListPageBySjPush'],
    ['POST', '/api/bthw/SendBthw', 'SendBthw'],
    ['POST', '/api/bthw/agreeOrRefuse', 'agreeOrRefuse'],
    ['POST', '/api/bthw/updateMessageStatusByLgcSn', 'updateMessageStatusByLgcSn'],
    ['GET', '/api/bthw/queryMessageNum', 'queryMessageNum'],
    ['POST', '/api/bthw/delDraftById/:lgcSn', 'delDraftById'],
    ['GET', '/api/bthw/detailDraft/:lgcSn', 'detailDraft'],
    ['GET', '/api/bthw/queryDraftByPage', 'queryDraftByPage'],
    ['GET', '/api/bthw/detail/:lgcSn', 'requestDetail'],
    ['GET', '/api/cooperationManage/queryCooperationInfos', 'queryCooperationInfos'],
    ['POST', '/api/cooperationManage/contractUploadDel', 'contractUploadDel'],
    ['GET', '/api/signet/new/countries', 'countries'],
    ['GET', '/api/cooperLevgMg/getLevaingMessage', 'getLevaingMessage'],
    ['POST', '/api/cooperLevgMg/saveLevaingMessage', 'saveLevaingMessage'],
    ['POST', '/api/qtn/checkEmail', 'checkEmail'],
    ['GET', '/api/pageForward/getTransKey', 'getTransKey'],
    ['GET', '/api/bannerP1/bannerListForP1', 'bannerListForP1'],
    ['GET', '/api/moduleInfoP1/moduleListForP1', 'moduleListForP1'],
    ['GET', '/api/moduleInfoP1/moduleDetail/:id', 'moduleDetail'],
    ['GET', '/api/consultInfoP1/queryConsultInfosP1', 'queryConsultInfosP1'],
    ['GET', '/api/consultInfoP1/consultInfoDetailP1/:id', 'consultInfoDetailP1'],
    ['GET', '/api/fchy/p1/getShowList', 'getShowList'],
    ['GET', '/api/fchy/getFchyDetail/:id', 'getFchyDetail'],
    ['GET', '/api/hgcl/frontList', 'complianceFrontList'],
    ['GET', '/api/hgcl/p1/frontList', 'complianceFrontListP1'],
    ['GET', '/api/hgcl/queryInst', 'queryInst'],
    ['GET', '/api/hgcl/detail/:id', 'complianceDetail'],
    ['POST', '/api/eventTrack/add', 'add'],
    ['POST', '/api/fileP1/upload', 'upload'],
    ['GET', '/api/fileP1/download/:lgcSn', 'download'],
  ];
  it.each(SPEC_OPERATIONS)('%s %s is %s', (method, url, operationId) => {
    expect(operationOf(method, url)?.operationId).toBe(operationId);
  });

  it('names the content back office’s operations after their kind', () => {
    const banners = ['listBanners', 'createBanner', 'getBanner', 'saveBanner', 'previewBanner', 'publishBanner'];
    expect(ids).toEqual(expect.arrayContaining([...banners, 'unpublishBanner', 'deleteBanner']));
    expect(operationOf('POST', '/api/backend/content/compliance/:lgcSn/publish')?.operationId).toBe(
      'publishComplianceMaterial',
    );
    expect(operationOf('GET', '/api/backend/content/topics/:key')?.operationId).toBe('getTopicPage');
  });
});

describe('security', () => {
  it('declares the session cookie as a scheme', () => {
    expect(spec.components?.securitySchemes?.[SESSION_SECURITY]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
  });

  it.each(apiRoutes.filter((r) => !r.url.startsWith('/api/docs')).map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: security, x-access and the description follow config.access',
    (_name, route) => {
      const access = (route.access ?? 'public') as Access;
      const operation = operationOf(route.method, route.url)!;
      expect(operation.security).toEqual(access === 'public' ? [] : [{ [SESSION_SECURITY]: [] }]);
      expect(operation['x-access']).toBe(access);
      expect(operation.description).toContain(WHO_MAY_CALL[access]);
    },
  );
});

describe('error responses', () => {
  const envelope = spec.components?.schemas?.ErrorEnvelope as
    | { properties: { code: { enum: string[] }; message: unknown; data: unknown } }
    | undefined;

  it('the ErrorEnvelope component: its code is an enum of the catalogue', () => {
    expect(envelope).toBeDefined();
    expect(envelope!.properties.code.enum).toEqual(ERROR_CODES);
    expect(Object.keys(envelope!.properties)).toEqual(['code', 'message', 'data']);
  });

  /** The schema an operation's response of `status` carries (its shared response followed). */
  const errorSchemaOf = (operation: Operation, status: string) => {
    const response = operation.responses[status];
    const resolved = response?.$ref
      ? (spec.components?.responses?.[response.$ref.replace('#/components/responses/', '')] as typeof response)
      : response;
    return resolved?.content?.['application/json']?.schema;
  };

  it.each(apiRoutes.filter((r) => !r.url.startsWith('/api/docs')).map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s: the envelope for each error it can answer',
    (_name, route) => {
      const operation = operationOf(route.method, route.url)!;
      const expected = ['500', '503', 'default'];
      if (route.access && route.access !== 'public') expected.push('401', '403');
      if (/:\w+/.test(route.url)) expected.push('404');
      if (route.hasBody) expected.push('400', '422');
      // /readyz documents its own 503: the envelope with data null.
      if (route.url === '/readyz') expected.splice(expected.indexOf('503'), 1);
      for (const status of expected) {
        expect(errorSchemaOf(operation, status), status).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      }
    },
  );

  it('documents 429 on the rate-limited log-in calls', () => {
    for (const url of ['/api/user/p1/login', '/api/user/p1/getEmailCode'])
      expect(operationOf('POST', url)?.responses['429']).toEqual({ $ref: '#/components/responses/TooManyRequests' });
  });
});

describe('tags and examples', () => {
  it('defines every tag an operation uses, each with a description', () => {
    const defined = new Map((spec.tags as typeof TAGS).map((tag) => [tag.name, tag.description]));
    for (const { operation } of operations)
      for (const tag of operation.tags ?? []) expect(defined.get(tag)).toBeTruthy();
  });

  it.each([
    ['GET', '/api/user/p1/getVerifyCode'],
    ['POST', '/api/user/p1/getEmailCode'],
    ['POST', '/api/user/p1/login'],
    ['POST', '/api/bthw/publish'],
    ['GET', '/api/bthw/listPage'],
    ['POST', '/api/bthw/SendBthw'],
    ['POST', '/api/bthw/agreeOrRefuse'],
    ['POST', '/api/contracts/:intentionLgcSn/sign'],
  ])('%s %s has examples (checked against their schemas by npm run openapi:check)', (method, url) => {
    const operation = operationOf(method, url)!;
    expect(operation.responses['200']!.content!['application/json']!.example).toMatchObject({ code: '0' });
    if (method === 'POST') expect(operation.requestBody?.content?.['application/json']?.example).toBeDefined();
  });
});

describe('packages/api-client', () => {
  it('its generated schema is what the routes say now (else: npm run openapi:client)', async () => {
    expect(await renderClientSchema(spec), 'stale: run npm run openapi:client').toBe(await readClientSchema());
  });
});

describe('GET /api/docs', () => {
  it('serves the interactive documentation page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
  });
});
