/**
 * The areas of the API as /api-docs groups them: the console's own words, in the order of its
 * menu. Every route carries exactly one of these tags (api-docs.test.ts checks).
 */
export const API_TAGS = [
  {
    name: 'Sign-in',
    description: 'Signing in and out, signing up, verifying an address, resetting a password.',
  },
  { name: 'Profile', description: 'The signed-in person’s own profile and rights.' },
  {
    name: 'Users',
    description:
      'People of the console: their accounts, their roles in departments, their history.',
  },
  {
    name: 'Departments',
    description: 'Departments, which scope documents, roles and people (default administrators).',
  },
  {
    name: 'Roles',
    description: 'Roles, the rights they grant in a department and their history; the rights.',
  },
  {
    name: 'Knowledge sources',
    description: 'Documents and web pages the assistant answers from: add, read, re-sync, delete.',
  },
  {
    name: 'Knowledge assistant',
    description: 'Questions to the knowledge sources, conversations, ratings and charts.',
  },
  {
    name: 'SOP',
    description: 'Standard operating procedures, their references and lookups, and checklists.',
  },
  { name: 'Chatbot', description: 'Chat widgets for websites and their visitors’ conversations.' },
  {
    name: 'Chatbot visitors',
    description: 'What a website’s chat widget calls for its visitor, with a visitor token.',
  },
  {
    name: 'Email agent',
    description: 'Mailboxes the agent reads, the replies it drafts, and sending them.',
  },
  {
    name: 'Helpdesk',
    description: 'Helpdesk sites, their agents, hand-offs from the console and tickets.',
  },
  {
    name: 'Database sources',
    description: 'External databases the assistant may query, read-only: sources, tables, queries.',
  },
  { name: 'API access', description: 'Integration keys for other systems (people only).' },
  {
    name: 'Reports',
    description: 'Analytics and sentiment reports, the dashboard’s figures and their export.',
  },
  { name: 'Health', description: 'Whether the server and its database answer.' },
] as const;

export type ApiTag = (typeof API_TAGS)[number]['name'];
