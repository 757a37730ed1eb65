// Background layers → satori's comma-separated background longhands. url() images come only from the
// loaded image store as data: URIs (satori never fetches); a layer whose image was not loaded is dropped.
import type { BackgroundLayer, Dim, DimAuto, GradientStop } from '../document/styled-tree.js'
import type { ImageStore } from '../resources/index.js'
import { cssColor, cssDim } from './css-values.js'
import { dataUri } from './data-uri.js'
import type { Warnings } from './warnings.js'

export interface BackgroundCss {
  backgroundImage: string
  backgroundSize: string
  backgroundPosition: string
  backgroundRepeat: string
}

const lengthText = (d: Dim): string => {
  const v = cssDim(d)
  return typeof v === 'number' ? `${v}px` : v
}
const sizeText = (d: DimAuto): string => (d === 'auto' ? 'auto' : lengthText(d))

function stopsText(stops: GradientStop[]): string {
  return stops.map((s) => (s.at ? `${cssColor(s.color)} ${lengthText(s.at)}` : cssColor(s.color))).join(', ')
}

function imageText(layer: BackgroundLayer, images: ImageStore, warnings: Warnings): string | null {
  const image = layer.image
  switch (image.kind) {
    case 'linear-gradient':
      return `linear-gradient(${image.angleDeg}deg, ${stopsText(image.stops)})`
    case 'radial-gradient':
      return `radial-gradient(${image.shape} at ${lengthText(image.at[0])} ${lengthText(image.at[1])}, ${stopsText(image.stops)})`
    case 'url': {
      const loaded = images.get(image.url)
      if (!loaded) {
        warnings.add(`background image "${image.url.slice(0, 80)}" was not loaded and is left out`)
        return null
      }
      return `url(${dataUri(loaded)})`
    }
  }
}

/** The background longhands for satori, or null when no layer is drawable. */
export function backgroundCss(layers: BackgroundLayer[], images: ImageStore, warnings: Warnings): BackgroundCss | null {
  const kept: Array<{ layer: BackgroundLayer; image: string }> = []
  for (const layer of layers) {
    const image = imageText(layer, images, warnings)
    if (image) kept.push({ layer, image })
  }
  if (kept.length === 0) return null
  return {
    backgroundImage: kept.map((k) => k.image).join(', '),
    backgroundSize: kept
      .map(({ layer }) => (typeof layer.size === 'string' ? layer.size : `${sizeText(layer.size[0])} ${sizeText(layer.size[1])}`))
      .join(', '),
    backgroundPosition: kept.map(({ layer }) => `${lengthText(layer.position[0])} ${lengthText(layer.position[1])}`).join(', '),
    backgroundRepeat: kept.map(({ layer }) => layer.repeat).join(', '),
  }
}
