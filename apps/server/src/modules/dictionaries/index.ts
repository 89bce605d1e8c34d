/** Public face of the dictionaries module: reference data answered from the shared package. */
export { dictionaryRoutes } from './dictionaries.routes.ts';
