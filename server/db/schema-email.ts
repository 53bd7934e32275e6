import type { Generated, Selectable } from 'kysely';

/**
 * The e-mail agent's tables (0015-email-agent), part of `DB` in schema.ts. `email_agents`
 * itself is older (0001); the columns 0015 adds to it are `EmailAgentColumns`.
 */
export interface EmailTables {
  email_agent_knowledge: EmailAgentKnowledgeTable;
  email_agent_history: EmailAgentHistoryTable;
  email_sync_state: EmailSyncStateTable;
  email_messages: EmailMessagesTable;
  email_attachments: EmailAttachmentsTable;
  email_drafts: EmailDraftsTable;
  email_compose_drafts: EmailComposeDraftsTable;
}

/** What 0015 adds to `email_agents`. */
export interface EmailAgentColumns {
  imap_host: Generated<string>;
  imap_port: Generated<number>;
  imap_tls: Generated<'tls' | 'starttls' | 'none'>;
  smtp_host: Generated<string>;
  smtp_port: Generated<number>;
  smtp_tls: Generated<'tls' | 'starttls' | 'none'>;
  username: Generated<string>;
  /** AES-256-GCM, see services/security/secret-box.ts; '' when none is stored. */
  password_enc: Generated<string>;
  require_approval: Generated<number>;
  created_by: number | null;
  updated_by: number | null;
  updated_at: string | null;
  last_sync_at: string | null;
  last_sync_error: string | null;
  /** 0038: the same as a code the console translates (contract SYNC_FAILURES). */
  last_sync_error_code: string | null;
  /** A sync in progress holds the account until then (several server processes). */
  sync_lease_until: string | null;
  /** 0032: put under every reply and new mail the account sends; '' is none. */
  signature: Generated<string>;
}

export interface EmailAgentKnowledgeTable {
  email_agent_id: number;
  department_id: number;
}

export interface EmailAgentHistoryTable {
  id: Generated<number>;
  email_agent_id: number;
  action: string;
  actor_id: number | null;
  actor_name: string | null;
  /** JSON text: field -> [old, new]. */
  changes: string;
  draft_id: number | null;
  created_at: string;
  /** 0023: the account's address and department when the entry was written (it outlives it). */
  email_address: string | null;
  department_id: number | null;
}

/** How far a mailbox has been read: the last UID stored under its UIDVALIDITY. */
export interface EmailSyncStateTable {
  email_agent_id: number;
  folder: string;
  uid_validity: string;
  last_uid: number;
}

export interface EmailMessagesTable {
  id: Generated<number>;
  email_agent_id: number;
  folder: string;
  uid_validity: string;
  uid: number;
  message_id: string | null;
  in_reply_to: string | null;
  /** JSON text: string[] of Message-IDs. */
  references_json: string;
  thread_key: string;
  from_address: string;
  from_name: string;
  /** JSON text: { address, name }[]. */
  to_json: string;
  cc_json: string;
  subject: string;
  sent_date: string;
  text_body: string;
  html_body: string | null;
  /** Why no reply is drafted, or null; 'pending' until the draft step looked at it. */
  draft_state: string | null;
  received_at: string;
  /** 0023: how often drafting a reply failed, and the last reason. */
  draft_attempts: Generated<number>;
  draft_error: string | null;
}

export interface EmailAttachmentsTable {
  id: Generated<number>;
  email_message_id: number;
  filename: string;
  content_type: string;
  size: number;
  /** Empty when `omitted` says why the bytes were not kept. */
  content: Buffer;
  /** 0023: an inline part's Content-ID (without <>), referred to as cid: in the HTML. */
  content_id: string | null;
  inline: Generated<number>;
  omitted: string | null;
}

export interface EmailDraftsTable {
  id: Generated<number>;
  email_agent_id: number;
  reply_to_message: number | null;
  to_json: string;
  cc_json: string;
  subject: string;
  body: string;
  /** JSON text: ChatReference[]. */
  references_json: string;
  no_answer: number;
  status: 'pending' | 'sending' | 'sent' | 'discarded';
  created_at: string;
  updated_at: string;
  updated_by: number | null;
  sent_at: string | null;
  sent_message_id: string | null;
  /** 0023: when a send claimed it ('sending'); null otherwise. */
  sending_since: string | null;
}

/** 0032: a new mail a person began and left, one per account and person. */
export interface EmailComposeDraftsTable {
  id: Generated<number>;
  email_agent_id: number;
  user_id: number;
  /** To and Cc as typed (checked only when the mail is sent). */
  to_text: string;
  cc_text: string;
  subject: string;
  body: string;
  updated_at: string;
}

export type EmailMessageRow = Selectable<EmailMessagesTable>;
export type EmailDraftRow = Selectable<EmailDraftsTable>;
