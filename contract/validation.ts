/**
 * SPEC §5 validation patterns, shared by the SPA forms and the server's request schemas.
 * Messages are i18n keys of the `validation` namespace; both sides translate or pass them on.
 */
export const patterns = {
  /**
   * {local}@{domain}.{tld} with no spaces. The local part takes RFC 5322 dot-atom characters only
   * and the domain letters, digits and hyphens: nothing a mail library would read as a display
   * name, a group, a comment or a second address (`<`, `>`, `"`, `,`, `;`, `:`, `(`, `)`, `\`).
   */
  email:
    /^(?!\.)(?!.*\.\.)[\p{L}\p{N}!#$%&'*+/=?^_`{|}~.-]{1,64}(?<!\.)@(?=.{4,253}$)(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+\p{L}{2,63}$/u,
  /** http or https URL. */
  url: /^https?:\/\/[^\s/$.?#][^\s]*$/i,
  /** Optional scheme and www, a domain with a TLD of at least 2 letters, optional path. */
  linkText: /^(https?:\/\/)?(www\.)?([a-z0-9-]+\.)+[a-z]{2,}(\/[^\s]*)?$/i,
  /** Letters (any script), spaces and hyphens only. */
  nameLike: /^[\p{L}\s-]+$/u,
  /** Must not contain < > / ; = \ or hyphen. */
  freeText: /^[^<>/;=\\-]*$/,
  /** Letters, digits, space, underscore, @, ! and a few more harmless punctuation marks. */
  alphanumeric: /^[\p{L}\p{N} _@!.,'?&()#:+]*$/u,
  /**
   * Any printable Unicode, spaces included, so long passphrases work (OWASP ASVS V2.1.4). SPEC §5
   * says printable ASCII without spaces; ASVS is the later security requirement, so it wins.
   */
  passwordLike: /^[^\p{Cc}\p{Cs}\p{Co}\p{Cn}]+$/u,
  /** Three to four dot-separated parts ending in .com. */
  hostLike: /^[a-z0-9-]+(\.[a-z0-9-]+){1,2}\.com$/i,
  /** Our own choice (SPEC is silent): 3–32 letters, digits, dot, underscore or hyphen. */
  username: /^[A-Za-z0-9._-]{3,32}$/,
  /** A chat widget's colour: `#rgb` or `#rrggbb`. */
  hexColor: /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i,
  /**
   * A host a chat widget may be embedded on: a host name or IPv4 address of
   * letters, digits and inner hyphens per label, an optional `:port`, and an optional leading
   * `*.` that stands for any subdomain (never the name itself). No scheme, path or user part.
   */
  widgetHost:
    /^(?:\*\.)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/i,
  /** One line of text without control characters (a NUL would not even store on PostgreSQL). */
  plainText: /^[^\p{Cc}]*$/u,
  /** Like plainText, with line breaks and tabs. */
  plainMultiline: /^(?:[^\p{Cc}]|[\n\r\t])*$/u,
} as const;

/** ASVS V2.1.1: at least 12 characters, counted as code points; V2.1.2: 128 allowed. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** Password length as a person counts it: code points, so an emoji or a CJK word is not short-changed. */
export const passwordLength = (password: string): number => [...password].length;
