// Issue 11 item 5's input: each <use> repeats the group before it ten times — 10^levels shapes from 3 KB.
export function useFanOut(levels: number): string {
  let defs = '<g id="l0"><rect width="1" height="1" fill="red"/></g>'
  for (let i = 1; i <= levels; i++) {
    defs += `<g id="l${i}">` + Array.from({ length: 10 }, (_, k) => `<use href="#l${i - 1}" x="${k}"/>`).join('') + '</g>'
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><defs>${defs}</defs><use href="#l${levels}"/></svg>`
}
