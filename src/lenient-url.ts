// TemplateTo's clients write the render format in any case (/render/PDF/…, /render/Image/…); ASP.NET
// routes ignore case. Fastify's router does not, so the format segment is lower-cased before routing.
const RENDER_FORMAT = /^\/render\/(async\/)?(pdf|image|txt|docx)(?=[/?]|$)/i

export function lowerRenderFormat(url: string): string {
  const m = RENDER_FORMAT.exec(url)
  if (!m || m[0] === m[0].toLowerCase()) return url
  return `/render/${(m[1] ?? '').toLowerCase()}${m[2].toLowerCase()}${url.slice(m[0].length)}`
}
