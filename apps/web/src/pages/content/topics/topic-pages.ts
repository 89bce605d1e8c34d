import type { TTopicKey } from '@portal/shared/schemas/content';
import { CONTENT_PATHS } from '../../../features/content/ui/content-links.ts';

type ContentKey = `routes.${string}` | `topicBlurbs.${string}`;

/** The four topic pages: path, title and one-line description (content namespace keys). */
export const TOPIC_PAGES = {
  crossBorderRmb: {
    path: CONTENT_PATHS.crossBorderRmb,
    title: 'routes.crossBorderRmb',
    blurb: 'topicBlurbs.crossBorderRmb',
  },
  beltAndRoadInitiative: {
    path: CONTENT_PATHS.beltAndRoad,
    title: 'routes.beltAndRoad',
    blurb: 'topicBlurbs.beltAndRoadInitiative',
  },
  greenFinance: { path: CONTENT_PATHS.greenFinance, title: 'routes.greenFinance', blurb: 'topicBlurbs.greenFinance' },
  portugueseLanguage: {
    path: CONTENT_PATHS.portuguese,
    title: 'routes.portuguese',
    blurb: 'topicBlurbs.portugueseLanguage',
  },
} as const satisfies Record<TTopicKey, { path: string; title: ContentKey; blurb: ContentKey }>;
