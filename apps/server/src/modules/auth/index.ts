/** Public face of the auth module: log-in, log-out, picture and e-mail codes, passwords. */
export { authRoutes } from './auth.routes.ts';
