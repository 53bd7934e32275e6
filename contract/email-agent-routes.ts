/**
 * The e-mail agent's paths (SPEC §7 /email-agent and ours beyond it), relative to the API base.
 * Apart from the schemas, so that the sidebar's Email group reads the accounts without zod; and
 * not in api-paths.ts, whose table every page (the sign-in too) loads.
 */
export const emailRoutes = {
  list: '/email-agent',
  one: '/email-agent/:email_id',
  history: '/email-agent/history/:email_id',
  connectionTest: '/email-agent/test-connection',
  sync: '/email-agent/:email_id/sync',
  stats: '/email-agent/:email_id/stats',
  messages: '/email-agent/:email_id/messages',
  message: '/email-agent/:email_id/messages/:message',
  attachment: '/email-agent/:email_id/messages/:message/attachments/:attachment',
  drafts: '/email-agent/:email_id/drafts',
  draft: '/email-agent/:email_id/drafts/:draft',
  draftSend: '/email-agent/:email_id/drafts/:draft/send',
  draftDiscard: '/email-agent/:email_id/drafts/:draft/discard',
  compose: '/email-agent/:email_id/compose',
  composeDraft: '/email-agent/:email_id/compose/draft',
} as const;
