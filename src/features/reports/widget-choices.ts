/**
 * The chat widgets a reader may pick as a report's channel. The widget list belongs to the
 * integrations feature: app/ composes it in (app/routes/report-widgets.tsx) through this
 * context, so reports never import another feature. Without a provider there are none.
 */
import { createContext, useContext } from 'react';

export interface WidgetChoice {
  id: number;
  name: string;
}

/** A hook, called on every render of the filters: it must be the same function each time. */
type UseWidgetChoices = () => WidgetChoice[];

const none: UseWidgetChoices = () => [];

export const WidgetChoicesContext = createContext<UseWidgetChoices>(none);

export function useWidgetChoices(): WidgetChoice[] {
  const useChoices = useContext(WidgetChoicesContext);
  return useChoices();
}
