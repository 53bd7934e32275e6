/**
 * The service-agent (chat widget) module's contract to the other modules: login by a widget's
 * key (identity's sign-in route hands such a request over; the checklist service checks visitor
 * tokens) and the widget service's type. Other modules import service-agent only from here (or
 * its module.ts for `from(serviceAgentModule)`); everything else is internal (eslint.config.js
 * enforces it).
 */
export type { VisitorLogin } from './visitor-login';
export { keyLoginOf } from './visitor-routes';
export type { WidgetService } from './service';
