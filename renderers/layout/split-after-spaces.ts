// Splits text after each space, keeping the spaces: word-spacing applies per piece (PDF and SVG painters).
export function splitAfterSpaces(text: string): string[] {
  const pieces: string[] = []
  let start = 0
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) === 32) {
      pieces.push(text.slice(start, i + 1))
      start = i + 1
    }
  }
  if (start < text.length) pieces.push(text.slice(start))
  return pieces
}
