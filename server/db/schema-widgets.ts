import type { Generated, Selectable } from 'kysely';

/** The chat widgets' tables, "service agent" (0012-service-agent), part of `DB` in schema.ts. */
export interface WidgetTables {
  service_agents: ServiceAgentsTable;
  service_agent_areas: ServiceAgentAreasTable;
  service_agent_sessions: ServiceAgentSessionsTable;
  service_agent_turns: ServiceAgentTurnsTable;
  service_agent_usage: ServiceAgentUsageTable;
}

export interface ServiceAgentsTable {
  id: Generated<number>;
  /** The widget's public key. */
  client_id: string;
  client_name: string;
  fg_color: string;
  bg_color: string;
  /** JSON text: string[]. */
  allowed_hosts: string;
  /** 1 active, 0 inactive. */
  status: number;
  welcome_message: string;
  daily_message_quota: number;
  created_by: number | null;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface ServiceAgentAreasTable {
  service_agent_id: number;
  department_id: number;
}

export interface ServiceAgentSessionsTable {
  /** A uuid: in the visitor token, and the conversation's id. */
  id: string;
  service_agent_id: number;
  /** The origin of the page the widget was opened on. */
  host: string;
  visitor_address: string;
  user_agent: string | null;
  created_at: string;
  expires_at: string;
  last_active_at: string;
  revoked_at: string | null;
}

export interface ServiceAgentTurnsTable {
  id: Generated<number>;
  session_id: string;
  service_agent_id: number;
  chat_turn_id: number | null;
  visitor_address: string;
  question: string;
  answer: string;
  /** JSON text: ChatReference[]. */
  references_json: string;
  no_answer: number;
  engine: string;
  model: string;
  latency_ms: number;
  rating: 'up' | 'down' | null;
  rated_at: string | null;
  asked_at: string;
  answered_at: string;
}

export interface ServiceAgentUsageTable {
  service_agent_id: number;
  /** UTC date, YYYY-MM-DD. */
  day: string;
  messages: number;
}

export type ServiceAgentRow = Selectable<ServiceAgentsTable>;
