/** Public face of the tracking module: page-view and click counters, the visits report. */
export { trackingRoutes } from './tracking.routes.ts';
