/**
 * The report pages with the chat widgets as channels: the widget list is the
 * integrations feature's (GET /service-agent, its RTK Query endpoint and cache), read only when
 * the reader may list widgets (Service_agent.LIST_VIEW, as the server requires).
 */
import { createElement, type ComponentType } from 'react';
import { useListServiceAgentsQuery } from '@/features/integrations/service-agent-api';
import { type WidgetChoice, WidgetChoicesContext } from '@/features/reports/widget-choices';
import { useCan } from '@/lib/session/use-can';

/** The largest page GET /service-agent answers. */
const WIDGETS_MAX = 500;
const NONE: WidgetChoice[] = [];

function useServiceAgentChoices(): WidgetChoice[] {
  const allowed = useCan().right('Service_agent', 'LIST_VIEW');
  const { data } = useListServiceAgentsQuery({ page: 1, size: WIDGETS_MAX }, { skip: !allowed });
  if (!allowed || !data) return NONE;
  return data.items.map((w) => ({ id: w.id, name: w.client_name }));
}

export function withWidgetChoices(Page: ComponentType): ComponentType {
  return function ReportWithWidgets() {
    return createElement(
      WidgetChoicesContext.Provider,
      { value: useServiceAgentChoices },
      createElement(Page),
    );
  };
}
