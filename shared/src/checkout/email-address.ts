/**
 * One plain e-mail address, local@domain.tld, and nothing else: no list (commas, semicolons), no
 * display name, angle brackets, quotes, comments or backslashes, no whitespace (so no CR/LF), one
 * @, a local part of at most 64 characters without a leading, trailing or doubled dot, a domain of
 * dot-separated labels (letters of any script, digits, inner hyphens; at most 63 each) with at least two, the
 * whole at most 254. The order page, the help form and the server accept the same; whatever passes
 * names one mailbox to the mail library (decision 259).
 */
const LOCAL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

export function isEmailAddress(text: string): boolean {
  if (text.length > 254 || /\s/.test(text)) return false;
  const at = text.indexOf('@');
  if (at < 1 || at !== text.lastIndexOf('@')) return false;
  const local = text.slice(0, at);
  const labels = text.slice(at + 1).split('.');
  return local.length <= 64 && LOCAL.test(local) && labels.length >= 2 && labels.every((label) => LABEL.test(label)) && labels[labels.length - 1]!.length >= 2;
}
