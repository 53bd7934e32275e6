/**
 * Which parts of GET /reports/dashboard a person gets (the others are null). One rule for the
 * server, which fills them, and for the dashboard, which keeps their room from the first paint
 * so that the figures arriving later do not push the page down.
 */
import { hasPermission } from './access';
import type { AccessSubject } from './profile';

export interface LiveParts {
  /** Reports.LIST_VIEW, as the reports. */
  conversations: boolean;
  /** Documents.LIST_VIEW. */
  documents: boolean;
  /** Service_agent.LIST_VIEW. */
  widgets: boolean;
}

export function liveParts(subject: AccessSubject): LiveParts {
  return {
    conversations: hasPermission(subject, 'Reports', 'LIST_VIEW'),
    documents: hasPermission(subject, 'Documents', 'LIST_VIEW'),
    widgets: hasPermission(subject, 'Service_agent', 'LIST_VIEW'),
  };
}
