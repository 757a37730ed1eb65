// Options are checked before any work, each error naming the option and the value it got.
import type { Clip, ClipsOptions, ImageOptions, RenderLimits } from '../contract.js'
import { RenderError } from '../contract.js'

function invalid(option: string, rule: string, value: unknown): never {
  throw new RenderError('QUIRE_ERR_RENDER_INVALID_OPTION', `${option} must be ${rule}, got ${JSON.stringify(value) ?? String(value)}`)
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)

function positive(option: string, value: unknown): void {
  if (!isNumber(value) || value <= 0) invalid(option, 'a number greater than 0', value)
}

function format(option: string, value: unknown): void {
  if (value !== 'png' && value !== 'jpeg') invalid(option, '"png" or "jpeg"', value)
}

function common(prefix: string, o: { format: unknown; width?: unknown; quality: unknown; scale: unknown }): void {
  format(`${prefix}format`, o.format)
  if (o.width !== undefined) positive(`${prefix}width`, o.width)
  if (!isNumber(o.quality) || o.quality < 0 || o.quality > 100) invalid(`${prefix}quality`, 'a number from 0 to 100', o.quality)
  positive(`${prefix}scale`, o.scale)
}

function clipRect(option: string, clip: Partial<Clip>): void {
  if (!isNumber(clip.x)) invalid(`${option}.x`, 'a number', clip.x)
  if (!isNumber(clip.y)) invalid(`${option}.y`, 'a number', clip.y)
  positive(`${option}.width`, clip.width)
  positive(`${option}.height`, clip.height)
  if (clip.circular !== undefined && typeof clip.circular !== 'boolean') invalid(`${option}.circular`, 'true or false', clip.circular)
}

export function validateImageOptions(o: ImageOptions): void {
  common('', o)
  if (o.height !== undefined) positive('height', o.height)
  if (typeof o.fullPage !== 'boolean') invalid('fullPage', 'true or false', o.fullPage)
  if (o.clip) clipRect('clip', o.clip)
}

export function validateClipsOptions(o: ClipsOptions, limits: RenderLimits): void {
  common('', o)
  if (!Array.isArray(o.clips) || o.clips.length === 0) invalid('clips', 'a non-empty list of clips', o.clips)
  if (o.clips.length > limits.maxClips) {
    throw new RenderError('QUIRE_ERR_RENDER_CLIPS_LIMIT', `${o.clips.length} clips requested; at most ${limits.maxClips} are allowed`)
  }
  o.clips.forEach((clip, i) => {
    clipRect(`clips[${i}]`, clip)
    if (clip.format !== undefined) format(`clips[${i}].format`, clip.format)
    if (clip.name !== undefined && typeof clip.name !== 'string') invalid(`clips[${i}].name`, 'a string', clip.name)
  })
}
