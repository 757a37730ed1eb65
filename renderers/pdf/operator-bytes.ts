// Content stream operators written as ASCII bytes into one buffer that grows as needed and is reused: building
// each operator as a string (a template literal, a number's String(), a join) costs more than the bytes it
// stands for, and pdfkit would turn every string into bytes again one character at a time.

/** Content stream bytes (ASCII) written into one buffer that grows as needed and serves every fragment. */
export class OperatorBytes {
  private bytes = Buffer.allocUnsafe(4096)
  private at = 0

  reset(): void {
    this.at = 0
  }

  get length(): number {
    return this.at
  }

  /** `1 0 0 -1 x y Tm`: the text matrix of a run or glyph drawn on the flipped page. */
  textMatrix(x: number, y: number): void {
    this.ascii('1 0 0 -1 ')
    this.num(x)
    this.ascii(' ')
    this.num(y)
    this.ascii(' Tm\n')
  }

  /** The bytes written since reset, as a buffer of their own. */
  copy(): Buffer {
    const out = Buffer.allocUnsafe(this.at)
    this.bytes.copy(out, 0, 0, this.at)
    return out
  }

  /** The bytes written since reset, not copied: valid until the next write. */
  view(): Buffer {
    return this.bytes.subarray(0, this.at)
  }

  ascii(text: string): void {
    this.room(text.length)
    for (let i = 0; i < text.length; i++) this.bytes[this.at++] = text.charCodeAt(i)
  }

  /** One ASCII character by its code. */
  byte(code: number): void {
    this.room(1)
    this.bytes[this.at++] = code
  }

  /** Four hex digits of a glyph id (more when it needs them), as pdfkit encodes glyphs. */
  hex4(gid: number): void {
    if (gid > 0xffff) { this.ascii(gid.toString(16)); return }
    this.room(4)
    for (let shift = 12; shift >= 0; shift -= 4) this.bytes[this.at++] = HEX_DIGITS[(gid >> shift) & 15]
  }

  /**
   * A number as pdfkit writes it: String(Math.round(n * 1e6) / 1e6). That string is the decimal of the
   * rounded millionths with trailing zeros dropped (up to 15 digits it is the shortest that reads back).
   */
  num(n: number): void {
    const millionths = Math.round(n * 1e6)
    if (!(Math.abs(millionths) < 1e15)) { this.ascii(String(millionths / 1e6)); return }
    this.scaled(millionths, 6)
  }

  /**
   * A number as String(Number(n.toFixed(2))) writes it (pdfkit's SVG path parser rounds coordinates so); the
   * value written is returned. toFixed rounds the exact value of n half away from zero; n * 100 is itself
   * rounded, so only when it lands within a hair of a half could Math.round decide otherwise: then toFixed.
   */
  decimal2(n: number): number {
    const hundredths = n * 100
    const fraction = Math.abs(hundredths - Math.trunc(hundredths))
    if (!(Math.abs(hundredths) < 1e9) || Math.abs(fraction - 0.5) < 1e-6) {
      const exact = Number(n.toFixed(2))
      this.ascii(String(exact))
      return exact
    }
    const rounded = Math.round(hundredths)
    this.scaled(rounded, 2)
    return rounded / 100
  }

  /** The integer `units` / 10^places in decimal, trailing zeros of the fraction dropped (-0 is 0). */
  private scaled(units: number, places: number): void {
    if (units === 0) { this.ascii('0'); return }
    const abs = Math.abs(units)
    this.room(24)
    if (units < 0) this.bytes[this.at++] = 45 // '-'
    const unit = 10 ** places
    let frac = abs % unit
    this.digits((abs - frac) / unit)
    if (frac === 0) return
    this.bytes[this.at++] = 46 // '.'
    while (frac % 10 === 0) { frac /= 10; places-- }
    this.digitsAt(frac, places)
  }

  private digits(n: number): void {
    let count = 1
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) count++
    this.digitsAt(n, count)
  }

  /** The integer n as exactly `count` digits (zeros in front). */
  private digitsAt(n: number, count: number): void {
    for (let i = count - 1; i >= 0; i--) {
      this.bytes[this.at + i] = 48 + (n % 10)
      n = Math.floor(n / 10)
    }
    this.at += count
  }

  private room(n: number): void {
    if (this.at + n <= this.bytes.length) return
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.at + n))
    this.bytes.copy(bigger, 0, 0, this.at)
    this.bytes = bigger
  }
}

const HEX_DIGITS = Buffer.from('0123456789abcdef', 'latin1')
