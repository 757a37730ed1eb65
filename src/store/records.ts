// What the repositories hand out: plain objects in camelCase, JSON already parsed, no secrets.
import type { TemplateSettings } from '../../renderers/contract.js'

export interface Account { id: string; name: string; createdAt: string }

export type UserRole = 'admin' | 'editor'
export const USER_ROLES: readonly UserRole[] = ['admin', 'editor']

export interface User { id: string; accountId: string; email: string; role: UserRole; createdAt: string }

export type UsageKind = 'request' | 'pdf' | 'png' | 'jpeg' | 'txt' | 'docx' | 'zip'

export interface ApiKeyUsage { requests: number; pdf: number; png: number; jpeg: number; txt: number; docx: number; zip: number }

export interface ApiKeyRecord {
  id: string
  name: string
  /** First 10 characters of the key (e.g. `qk_AbC123d`), to tell keys apart in lists. */
  prefix: string
  createdAt: string
  lastUsedAt: string | null
  usage: ApiKeyUsage
}

export interface DocumentDraft { html: string; sampleData: unknown; settings: TemplateSettings }

/** A template or a content block: its editable draft plus which immutable version is published. */
export interface DocumentRecord {
  id: string
  accountId: string
  name: string
  draft: DocumentDraft
  publishedVersionId: string | null
  /** The one pending scheduled publish (docs/templateto.md): that version becomes published at that time. */
  scheduledVersionId: string | null
  scheduledPublishDate: string | null
  createdAt: string
  updatedAt: string
}

export interface DocumentSummary {
  id: string
  name: string
  publishedVersionId: string | null
  /** Number of the published version, null when none is published. */
  publishedVersionNumber: number | null
  latestVersion: { id: string; number: number; createdAt: string } | null
  createdAt: string
  updatedAt: string
}

export type OwnerKey = 'templateId' | 'blockId'

export interface VersionBase {
  id: string
  number: number
  html: string
  sampleData: unknown
  settings: TemplateSettings
  createdAt: string
  published: boolean
  /** TemplateTo's `isScheduled` / `scheduledPublishDate`: this version is due to be published then. */
  scheduled: boolean
  scheduledPublishDate: string | null
}

/**
 * An immutable snapshot of a draft; `templateId` for templates, `blockId` for blocks.
 * Distributive, so plain `Version` is TemplateVersion | BlockVersion.
 */
export type Version<K extends OwnerKey = OwnerKey> = K extends OwnerKey ? VersionBase & { [P in K]: string } : never
export type TemplateVersion = Version<'templateId'>
export type BlockVersion = Version<'blockId'>
export type TemplateRecord = DocumentRecord
export type BlockRecord = DocumentRecord
