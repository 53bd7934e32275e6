/** /analytics with the chat widgets as channels (see report-widgets.tsx). */
import { AnalyticsPage } from '@/features/reports/analytics-page';
import { withWidgetChoices } from './report-widgets';

export const AnalyticsScreen = withWidgetChoices(AnalyticsPage);
