import type { Generated, Selectable } from 'kysely';

/** The helpdesk integration's tables (0019-helpdesk), part of `DB` in schema.ts. */
export interface HelpdeskTables {
  helpdesks: HelpdesksTable;
  helpdesk_departments: { helpdesk_id: number; department_id: number };
  helpdesk_admins: { user_id: number; created_by: number | null; created_at: string };
  helpdesk_agents: HelpdeskAgentsTable;
  helpdesk_handoffs: HelpdeskHandoffsTable;
  helpdesk_tickets: HelpdeskTicketsTable;
  helpdesk_outbox: HelpdeskOutboxTable;
  helpdesk_visitor_pages: HelpdeskVisitorPagesTable;
}

export interface HelpdesksTable {
  id: Generated<number>;
  name: string;
  site_url: string;
  callback_path: string;
  webhook_path: string;
  /** 1 active, 0 inactive. */
  status: number;
  /** The signing secret, sealed (services/security/secret-box). */
  secret_sealed: string;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}
export type HelpdeskRow = Selectable<HelpdesksTable>;

export interface HelpdeskAgentsTable {
  id: Generated<number>;
  user_id: number;
  department_id: number;
  status: 'available' | 'away' | 'removed';
  capacity: number;
  created_at: string;
  updated_at: string;
}

export interface HelpdeskHandoffsTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  helpdesk_id: number;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface HelpdeskTicketsTable {
  id: Generated<number>;
  conversation_id: string;
  channel: 'console' | 'widget';
  reason: 'asked_for_person' | 'rated_down_twice';
  helpdesk_id: number | null;
  user_id: number | null;
  turn_id: number | null;
  created_at: string;
  /** The language the person asked in (0033). */
  language: string | null;
  /** The address a widget visitor left for the reply, and when (0033). */
  contact_email: string | null;
  contact_given_at: string | null;
}

export interface HelpdeskOutboxTable {
  id: Generated<number>;
  ticket_id: number;
  helpdesk_id: number;
  payload: string;
  state: 'pending' | 'delivered';
  attempts: Generated<number>;
  next_attempt_at: string;
  lease_until: string | null;
  last_error: string | null;
  delivered_at: string | null;
  created_at: string;
  /** `ticket.created`, or `ticket.updated` when the contact was given (0033). */
  event: Generated<string>;
  /** The last attempt: when, the HTTP status (null: none came back), why it failed, as a code. */
  last_attempt_at: string | null;
  last_status: number | null;
  last_reason: string | null;
}
export type HelpdeskOutboxRow = Selectable<HelpdeskOutboxTable>;

/** Where a widget visitor is, as the widget told it when it opened (0033). */
export interface HelpdeskVisitorPagesTable {
  session_id: string;
  page_url: string | null;
  language: string | null;
  updated_at: string;
}
