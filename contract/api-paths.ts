/**
 * API paths (SPEC §7), relative to the API base (`/api`). `apiRoutes` holds every path once, as
 * a route pattern (`/user/:id`): the server registers exactly these. `apiPaths` builds the URLs
 * the SPA calls from the same patterns, with each parameter encoded.
 */
export const apiRoutes = {
  health: '/health',
  permissions: '/permissions',
  // Auth (SPEC §7 Users)
  login: '/users/login',
  signup: '/users/signup',
  forgotPassword: '/users/forgot-password/:email',
  verify: '/verify/:token',
  verifyReset: '/verify/reset/:token',
  logout: '/users/logout',
  resendVerification: '/users/resend-verification/',
  me: '/users/me',
  userMe: '/user/me',
  myPassword: '/users/me/password',
  emailAgents: '/email-agent',
  // Identity
  users: '/users',
  userByEmail: '/users/:email',
  userById: '/user/:id',
  userUpdate: '/users/update/:userId',
  userPut: '/users/:id',
  userDelete: '/users/delete/:id',
  userHistory: '/users/history/:id',
  userHistoryRestore: '/users/history/:id/restore/:entry',
  deletedUsers: '/users/deleted',
  deletedUser: '/users/deleted/:id',
  deletedUserRestore: '/users/deleted/:id/restore',
  departments: '/departments',
  department: '/departments/:id',
  departmentDelete: '/department/delete/:id',
  roles: '/roles',
  role: '/roles/:id',
  roleHistory: '/roles/:id/history',
  roleHistoryRestore: '/roles/:id/history/restore/:entry',
  rolesByAction: '/roles/types/:type/action/:action',
  // Knowledge
  uploadDocs: '/upload/docs',
  uploadUrls: '/upload/urls',
  documents: '/upload/uploaded/documents',
  document: '/upload/documents/:id',
  softDelete: '/upload/update_soft_delete',
  deleteDocuments: '/delete/documents/all',
  deleteSitemaps: '/delete/url/sitemap',
  resyncDocument: '/upload/documents/:id/resync',
  downloadDocument: '/upload/documents/:id/download',
  // Knowledge assistant
  chatStuff: '/chat/stuff',
  chatStuffV2: '/chat/stuff-v2',
  chatStuffV3: '/chat/stuff-v3',
  chatModels: '/chat/models',
  conversations: '/chat/conversations',
  conversation: '/chat/conversations/:chat_id',
  conversationChart: '/chat/conversations/:chat_id/charts/:message_id',
  recommendedQuestions: '/chat/get-rec-ques',
  feedback: '/chat/feedback',
  visualRouter: '/chat/visual_router',
  generateVisual: '/chat/generate_visual',
  download: '/download/:id',
  downloadNotes: '/download/:id/notes',
  // Chat widget, "service agent". `:id` is a widget's numeric id or its client_id.
  serviceAgents: '/service-agent',
  serviceAgent: '/service-agent/:id',
  serviceAgentHistory: '/service-agent/history/:client_id',
  // What a widget visitor's token opens, and nothing else.
  serviceAgentMe: '/service-agent/me',
  serviceAgentChat: '/service-agent/me/chat',
  serviceAgentFeedback: '/service-agent/me/feedback',
  // Reports
  analyticsOverview: '/reports/analytics/overview',
  analyticsPeakHours: '/reports/analytics/peak_hours',
  analyticsResponseTime: '/reports/analytics/response_time',
  analyticsSatisfaction: '/reports/analytics/customer_satisfaction',
  analyticsExport: '/reports/analytics/export/',
  sentimentDashboard: '/reports/sentiments/dashboard',
  sentimentSummary: '/reports/sentiments/average_conversation_summary',
  sentimentProducts: '/reports/sentiments/products',
  sentimentTurns: '/reports/sentiments/conversations',
  liveDashboard: '/reports/dashboard',
  // Helpdesk
  helpdesks: '/helpdesk',
  helpdesk: '/helpdesk/:id',
  helpdeskAdmin: '/helpdesk/admin',
  helpdeskAgents: '/helpdesk/agents',
  helpdeskAgent: '/helpdesk/agents/:id',
  helpdeskHandoff: '/helpdesk/handoff',
  helpdeskServing: '/helpdesk/serving',
  helpdeskExchange: '/helpdesk/exchange',
  helpdeskConversationTicket: '/helpdesk/tickets/conversation/:chat_id',
  helpdeskTickets: '/helpdesk/:id/tickets',
  helpdeskTicketRetry: '/helpdesk/tickets/:id/retry',
  // A widget visitor's: where they are, their ticket and the address they leave for the reply.
  helpdeskVisitorPage: '/helpdesk/visitor/page',
  helpdeskVisitorTicket: '/helpdesk/visitor/ticket',
  helpdeskVisitorContact: '/helpdesk/visitor/ticket/contact',
} as const;

export type ApiRoute = keyof typeof apiRoutes;

/** A pattern with its `:name` parameters replaced by the encoded values. */
export function fillRoute(pattern: string, values: Record<string, string | number>): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Missing route parameter ${name} for ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

const r = apiRoutes;

export const apiPaths = {
  login: r.login,
  signup: r.signup,
  forgotPassword: (email: string) => fillRoute(r.forgotPassword, { email }),
  verify: (token: string) => fillRoute(r.verify, { token }),
  verifyReset: (token: string) => fillRoute(r.verifyReset, { token }),
  logout: r.logout,
  resendVerification: r.resendVerification,
  me: r.me,
  userMe: r.userMe,
  myPassword: r.myPassword,
  permissions: r.permissions,
  emailAgents: r.emailAgents,
  users: r.users,
  userByEmail: (email: string) => fillRoute(r.userByEmail, { email }),
  userById: (id: number) => fillRoute(r.userById, { id }),
  userUpdate: (userId: number) => fillRoute(r.userUpdate, { userId }),
  userPut: (id: number) => fillRoute(r.userPut, { id }),
  userDelete: (id: number) => fillRoute(r.userDelete, { id }),
  userHistory: (id: number) => fillRoute(r.userHistory, { id }),
  userHistoryRestore: (id: number, entry: number) => fillRoute(r.userHistoryRestore, { id, entry }),
  deletedUsers: r.deletedUsers,
  deletedUser: (id: number) => fillRoute(r.deletedUser, { id }),
  deletedUserRestore: (id: number) => fillRoute(r.deletedUserRestore, { id }),
  departments: r.departments,
  department: (id: number) => fillRoute(r.department, { id }),
  departmentDelete: (id: number) => fillRoute(r.departmentDelete, { id }),
  roles: r.roles,
  role: (id: number) => fillRoute(r.role, { id }),
  roleHistory: (id: number) => fillRoute(r.roleHistory, { id }),
  roleHistoryRestore: (id: number, entry: number) => fillRoute(r.roleHistoryRestore, { id, entry }),
  rolesByAction: (module: string, action: string) =>
    fillRoute(r.rolesByAction, { type: module, action }),
  uploadDocs: r.uploadDocs,
  uploadUrls: r.uploadUrls,
  documents: r.documents,
  document: (id: number) => fillRoute(r.document, { id }),
  softDelete: r.softDelete,
  deleteDocuments: r.deleteDocuments,
  deleteSitemaps: r.deleteSitemaps,
  resyncDocument: (id: number) => fillRoute(r.resyncDocument, { id }),
  downloadDocument: (id: number) => fillRoute(r.downloadDocument, { id }),
  downloadNotes: (id: number) => fillRoute(r.downloadNotes, { id }),
} as const;
