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
  /** Printable ASCII without spaces. */
  passwordLike: /^[\x21-\x7E]+$/,
  /** Three to four dot-separated parts ending in .com. */
  hostLike: /^[a-z0-9-]+(\.[a-z0-9-]+){1,2}\.com$/i,
  /** Our own choice (SPEC is silent): 3–32 letters, digits, dot, underscore or hyphen. */
  username: /^[A-Za-z0-9._-]{3,32}$/,
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
