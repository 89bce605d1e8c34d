/**
 * The query-key root of every marketplace query (lists, detail, user-centre tables). Its own tiny
 * module so the header bell can refresh open marketplace pages when a new message arrives (an
 * intention received or answered, a match) without loading the marketplace's schemas.
 */
export const COOPERATION_QUERY_ROOT = ['accounts', 'cooperation'] as const;
