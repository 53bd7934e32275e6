/**
 * Path on the helpdesk site that receives the access token (SPEC §7 Helpdesk). Kept free of zod
 * so the SPA's first download can use it without the schema library.
 */
export const HELPDESK_CALLBACK_PATH = '/auth/callback';
