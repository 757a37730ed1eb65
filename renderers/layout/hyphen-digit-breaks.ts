// Chromium's one departure from UAX #14 around U+002D HYPHEN-MINUS: a line may break between '-' and an ASCII
// digit when the character before the '-' is an ASCII letter or digit ('ABCD-1234', '455-981-221', dates and
// phone numbers), where UAX #14 (HY × NU) forbids it; after a space or at the start ('-5') the '-' stays a
// minus sign. Blink's text_break_iterator.cc, ShouldBreakFast(); checked against Chromium 156.

const isDigit = (c: number) => c >= 0x30 && c <= 0x39
const isAlnum = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)

/** Marks those breaks in `flags` (flags[i] = 1: a line may start at i). */
export function addHyphenDigitBreaks(text: string, flags: Uint8Array): void {
  for (let i = text.indexOf('-', 1); i >= 0 && i + 1 < text.length; i = text.indexOf('-', i + 1)) {
    if (flags[i + 1] === 0 && isDigit(text.charCodeAt(i + 1)) && isAlnum(text.charCodeAt(i - 1))) flags[i + 1] = 1
  }
}
