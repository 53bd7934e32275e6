/**
 * What a question asks, without the words around it that say why or lead up to it, in every
 * console language: "…, as our auditors want the exact date" (the reason), "I'm writing about
 * our Debian servers: is it possible to …" (the lead-in). Those words are true and polite, but
 * no document answers them, and counted as terms of the question they make its answer look
 * incomplete. What the lead-in names (its names: "Debian") stays with the question.
 */

/** A reason or purpose given after the question, from its comma on. */
const REASON_CLAUSE = new RegExp(
  [
    String.raw`,\s+(?:as|because|since|so that|given that)\s`,
    String.raw`,\s+(?:car|parce qu(?:e|')|puisque|afin que|étant donné que)\s?`,
    String.raw`,\s+(?:weil|da|denn|damit|zumal)\s`,
    String.raw`,\s+(?:porque|ya que|pues|puesto que|dado que)\s`,
    String.raw`[،,]\s*(?:لأن|حيث إن|كي)\s`,
  ].join('|'),
  'iu',
);

/** A lead-in ending in a colon, before the question proper. */
const LEAD_IN = /^([^:?¿]{8,}):\s+(\S.*)$/su;

/** Capitalised words and codes of a lead-in: what it names. */
const NAMES = /(?:^|\s)([\p{Lu}\p{N}][\p{L}\p{N}_.-]*)/gu;

/** Whether a text still asks something: a question mark or several words. */
const stillAsks = (text: string) => /[?؟]/.test(text) || text.split(/\s+/).length >= 4;

export function questionCore(question: string): string {
  let core = question.trim();
  const reason = REASON_CLAUSE.exec(core);
  if (reason && reason.index > 0 && stillAsks(core.slice(0, reason.index)))
    core = `${core.slice(0, reason.index)}${/[?؟]\s*$/.test(core) ? '?' : ''}`;
  const lead = LEAD_IN.exec(core);
  if (lead && stillAsks(lead[2])) {
    // The first word of the lead-in is capitalised as any sentence is; the others are names.
    const named = [...lead[1].matchAll(NAMES)].slice(1).map((m) => m[1]);
    core = [lead[2], ...named].join(' ');
  }
  return core;
}
