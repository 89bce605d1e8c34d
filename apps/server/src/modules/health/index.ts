/** Public face of the health module: liveness (`/healthz`) and readiness (`/readyz`). */
export { healthRoutes } from './health.routes.ts';
