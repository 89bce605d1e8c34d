/**
 * The API's paths as the server describes them: `paths` is generated from its OpenAPI document
 * (packages/api-client, `npm run openapi:client`; `npm run typecheck` regenerates it first), so a
 * route renamed or removed in the server fails the web's type check at every call of it.
 */
import type { paths } from '@portal/api-client';

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths served with a method, templates as the document writes them: '/api/bthw/detail/{lgcSn}'. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];

/** The paths served with a method that take no `{name}` parameter. */
export type FixedApiPath<M extends ApiMethod> = Exclude<ApiPath<M>, Templates<ApiPath<M>>>;

/** The `{name}` parameters of a path template. */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

export type PathParamValues = Readonly<Record<string, string | number>>;

/**
 * The options argument of a call: required, with a value for each `{name}` (`params: { lgcSn }`),
 * when every path it may be has parameters; otherwise optional. (So a path the server does not
 * serve, read as any of them, is reported as that and not as a missing argument.)
 */
export type OptionsFor<P extends string, O> = [Templates<P>] extends [never]
  ? [options?: O & { params?: undefined }]
  : [Exclude<P, Templates<P>>] extends [never]
    ? [options: O & { params: Readonly<Record<PathParamName<P>, string | number>> }]
    : [options?: O & { params?: PathParamValues }];

type Templates<P extends string> = Extract<P, `${string}{${string}`>;

/** The path with each `{name}` replaced by its value, URI-encoded. */
export function fillPath(path: string, params: PathParamValues | undefined): string {
  if (!params) return path;
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
}
