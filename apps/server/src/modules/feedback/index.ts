/** Public face of the feedback module: the feedback dialog and leave-a-message, with their inboxes. */
export { feedbackRoutes } from './feedback.routes.ts';
