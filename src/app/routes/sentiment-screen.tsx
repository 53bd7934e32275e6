/** /sentiment-analytics with the chat widgets as channels (see report-widgets.tsx). */
import { SentimentPage } from '@/features/reports/sentiment-page';
import { withWidgetChoices } from './report-widgets';

export const SentimentScreen = withWidgetChoices(SentimentPage);
