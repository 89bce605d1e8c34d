/** Public face of the site module: what the web shell needs to know about this portal. */
export { siteRoutes } from './site.routes.ts';
