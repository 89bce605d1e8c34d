/**
 * The address of the back-office lists that staff answer by e-mail (feedback, leave messages):
 * `?show=answered|all&page=&size=`; without `show` they open on the items still waiting.
 */
import { choiceParam, listView } from '../../lib/list-view.ts';
import type { FeedbackFilter } from './content-admin-api.ts';

export const REPLY_LIST_FILTERS: readonly FeedbackFilter[] = ['waiting', 'answered', 'all'];

export const replyList = listView({ params: { show: choiceParam(REPLY_LIST_FILTERS, 'waiting') } });
