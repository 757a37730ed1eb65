// Image options of the spec, from the query string of template renders and from raw-HTML/async bodies.
// Every bad value is a 400 that names the parameter and says what is allowed.
import type { Clip, ClipsOptions, ImageOptions } from '../../renderers/contract.js'
import { Errors, renderErrorFrom } from '../errors.js'

type Bag = Record<string, unknown>

function invalid(name: string, rule: string, value: unknown): Error {
  return new Errors.REQUEST_INVALID(`${name} ${rule}; got ${JSON.stringify(value)}`)
}

function numberFrom(bag: Bag, name: string, { integer, min, max }: { integer: boolean; min: number; max: number }, label = name): number | undefined {
  const raw = bag[name]
  if (raw === undefined || raw === null || raw === '') return undefined
  const value = typeof raw === 'string' ? Number(raw) : raw
  if (typeof value !== 'number' || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < min || value > max) {
    throw invalid(label, `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`, raw)
  }
  return value
}

function booleanFrom(bag: Bag, name: string): boolean | undefined {
  const raw = bag[name]
  if (raw === undefined || raw === null || raw === '') return undefined
  // .NET clients write booleans as True/False.
  const text = typeof raw === 'string' ? raw.toLowerCase() : raw
  if (text === true || text === 'true' || text === '1') return true
  if (text === false || text === 'false' || text === '0') return false
  throw invalid(name, 'must be true or false', raw)
}

function formatFrom(bag: Bag, name = 'format'): 'png' | 'jpeg' | undefined {
  const raw = bag[name]
  if (raw === undefined || raw === null || raw === '') return undefined
  const text = typeof raw === 'string' ? raw.toLowerCase() : raw
  if (text === 'png' || text === 'jpeg') return text
  if (text === 'jpg') return 'jpeg'
  throw invalid(name, 'must be png or jpeg', raw)
}

const PIXELS = { integer: true, min: 1, max: 100_000 }
const OFFSET = { integer: true, min: 0, max: 100_000 }
const QUALITY = { integer: true, min: 0, max: 100 }
const SCALE = { integer: false, min: 0.1, max: 8 }

/** `POST /render/image/{templateId}` query: format, width, height, quality, fullpage|fullPage, scale, clipX/Y/Width/Height, circular. */
export function imageOptionsFromQuery(query: Bag): ImageOptions {
  const clipX = numberFrom(query, 'clipX', OFFSET)
  const clipY = numberFrom(query, 'clipY', OFFSET)
  const clipWidth = numberFrom(query, 'clipWidth', PIXELS)
  const clipHeight = numberFrom(query, 'clipHeight', PIXELS)
  const clipGiven = [clipX, clipY, clipWidth, clipHeight].filter((v) => v !== undefined).length
  if (clipGiven > 0 && clipGiven < 4) {
    throw new Errors.REQUEST_INVALID('A clip needs all four of clipX, clipY, clipWidth and clipHeight')
  }
  const circular = booleanFrom(query, 'circular') ?? false
  if (circular && clipGiven === 0) {
    throw new Errors.REQUEST_INVALID('circular needs a clip: give clipX, clipY, clipWidth and clipHeight')
  }
  return {
    format: formatFrom(query) ?? 'png',
    width: numberFrom(query, 'width', PIXELS),
    height: numberFrom(query, 'height', PIXELS),
    quality: numberFrom(query, 'quality', QUALITY) ?? 90,
    fullPage: booleanFrom(query, 'fullPage') ?? booleanFrom(query, 'fullpage') ?? true,
    scale: numberFrom(query, 'scale', SCALE) ?? 1,
    clip: clipGiven === 4 ? { x: clipX!, y: clipY!, width: clipWidth!, height: clipHeight!, circular } : undefined,
  }
}

function clipFrom(raw: unknown, where: string, named: boolean): Clip {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw invalid(where, 'must be an object with x, y, width and height', raw)
  const bag = raw as Bag
  const field = (name: string, rule: typeof PIXELS) => {
    const value = numberFrom(bag, name, rule, `${where}.${name}`)
    if (value === undefined) throw new Errors.REQUEST_INVALID(`${where}.${name} is required`)
    return value
  }
  const clip: Clip = { x: field('x', OFFSET), y: field('y', OFFSET), width: field('width', PIXELS), height: field('height', PIXELS) }
  const circular = booleanFrom(bag, 'circular')
  if (circular !== undefined) clip.circular = circular
  if (named) {
    if (bag.name !== undefined && (typeof bag.name !== 'string' || !/^[\w .-]{1,100}$/.test(bag.name))) {
      throw invalid(`${where}.name`, 'must be 1–100 letters, digits, spaces, dots, dashes or underscores', bag.name)
    }
    if (typeof bag.name === 'string') clip.name = bag.name
    const format = formatFrom(bag)
    if (format) clip.format = format
  }
  return clip
}

/** Raw-HTML image body (and async image bodies): format, width, height, quality, fullPage, deviceScaleFactor|scale, clip. */
export function imageOptionsFromBody(body: Bag): ImageOptions {
  const clip = body.clip === undefined || body.clip === null ? undefined : clipFrom(body.clip, 'clip', false)
  return {
    format: formatFrom(body) ?? 'png',
    width: numberFrom(body, 'width', PIXELS),
    height: numberFrom(body, 'height', PIXELS),
    quality: numberFrom(body, 'quality', QUALITY) ?? 90,
    fullPage: booleanFrom(body, 'fullPage') ?? booleanFrom(body, 'fullpage') ?? true,
    scale: numberFrom(body, 'deviceScaleFactor', SCALE) ?? numberFrom(body, 'scale', SCALE) ?? 1,
    clip: clip ? { x: clip.x, y: clip.y, width: clip.width, height: clip.height, circular: clip.circular ?? false } : undefined,
  }
}

/** Clips body: clips (array of Clip), format, width, quality, scale. */
export function clipsOptionsFromBody(body: Bag, maxClips: number): ClipsOptions {
  // The route schema made clips a non-empty array; its limit comes from config (MAX_CLIPS).
  const clips = body.clips as unknown[]
  if (clips.length > maxClips) {
    // The renderer's own code for the same limit (docs/limits.md), refused here before any work is queued.
    throw renderErrorFrom('QUIRE_ERR_RENDER_CLIPS_LIMIT', `clips has ${clips.length} entries; the limit is ${maxClips} (MAX_CLIPS)`)
  }
  return {
    format: formatFrom(body) ?? 'png',
    width: numberFrom(body, 'width', PIXELS),
    quality: numberFrom(body, 'quality', QUALITY) ?? 90,
    scale: numberFrom(body, 'deviceScaleFactor', SCALE) ?? numberFrom(body, 'scale', SCALE) ?? 1,
    clips: clips.map((clip, i) => clipFrom(clip, `clips[${i}]`, true)),
  }
}
