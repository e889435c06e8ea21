/** A plain e-mail address: something@domain.tld, no spaces. The order page, the help form and the server accept the same. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

export function isEmailAddress(text: string): boolean {
  return EMAIL.test(text);
}
