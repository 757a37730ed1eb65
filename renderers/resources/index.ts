import type { FetchPolicy } from '../contract.js'
import type { StyledDocument } from '../document/styled-tree.js'

export type LoadedImage = { kind: 'png' | 'jpeg'; bytes: Buffer; width: number; height: number }
/** Key = the src/url exactly as written in the document. */
export type ImageStore = Map<string, LoadedImage>

export async function loadImages(doc: StyledDocument, policy: FetchPolicy): Promise<ImageStore> {
  void doc; void policy
  return new Map()
}
