/** SPEC §9 business constants, shared by both sides. */
export const NOTIFICATION_AUTOHIDE_MS = 5000;
export const TOAST_AUTOHIDE_MS = 10000;
export const TOAST_MIN_WIDTH_PX = 140;
export const TOAST_MAX_WIDTH_PX = 360;
export const EMAIL_LIST_PAGE_SIZE = 100;
export const WIDGET_LIST_DEFAULT = { page: 1, size: 5 } as const;
export const DOCUMENTS_DEFAULT_SIZE = 100;
export const LIST_DEFAULT = { page: 1, size: 100 } as const;
export const DEFAULT_CHAT_MODEL = 'gpt-4o';
export const CHAT_CANCEL_CHECK_MS = 100;
export const MAX_FILE_COUNT = 15;
export const EXPORT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export const UNUSED_CACHE_SECONDS = 60;
export const TRANSLATION_RETRIES = 5;
export const TRANSLATION_RETRY_START_MS = 350;
export const TRANSLATION_PARALLEL_READS = 10;
export const FALLBACK_LANGUAGE = 'en';
export const LANGUAGE_CACHE_KEY = 'i18nextLng';
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'de', 'ar'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const RTL_LANGUAGES: readonly string[] = ['ar'];
/** Verification and reset links stay valid this long. */
export const EMAIL_TOKEN_TTL_HOURS = 24;
