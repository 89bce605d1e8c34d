/**
 * Public face of the content module: public content reads (cached, with ETags), back-office
 * content management, the survey jump and the uncommon-character token.
 */

export { contentRoutes } from './content.routes.ts';
export { contentAdminRoutes } from './content-admin.routes.ts';
export { createContentCache } from './public-cache.ts';
