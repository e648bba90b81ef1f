/** Any surrogate, paired or not: a cheap first test (about 35 ns a value), nearly always false. */
const ANY_SURROGATE = /[\ud800-\udfff]/;
/** With the u flag a pair is one code point: this matches a surrogate standing alone. */
const LONE_SURROGATE = /\p{Surrogate}/u;
const LONE_SURROGATES = /\p{Surrogate}/gu;

/** Whether the text holds a lone surrogate, which is no character (PostgreSQL refuses it in JSON). */
export const hasLoneSurrogate = (text: string): boolean => ANY_SURROGATE.test(text) && LONE_SURROGATE.test(text);

/** The text with each lone surrogate as U+FFFD, as bytes that are not UTF-8 are decoded. */
export const toWellFormed = (text: string): string => (ANY_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, '\uFFFD') : text);

/**
 * Text from outside (a supplier feed, the storefront) as PostgreSQL stores it: it refuses a NUL
 * character in text and JSON, and a lone surrogate in JSON, and one such value would fail the
 * whole import or sync. Each becomes U+FFFD, as bytes that are not UTF-8 are decoded.
 */
export const toStorableText = (text: string): string => {
  const wellFormed = toWellFormed(text);
  return wellFormed.includes('\u0000') ? wellFormed.replaceAll('\u0000', '\uFFFD') : wellFormed;
};
