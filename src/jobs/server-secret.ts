// The server secret behind signed download links and per-account webhook signing keys: SECRET from the
// environment, or else one generated on first start and kept in DATA_DIR (owner-only), so links and
// webhook keys stay valid across restarts.
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

const SECRET_FILE = 'quire-secret'

export async function loadServerSecret(dataDir: string, configured: string | null): Promise<string> {
  if (configured) return configured
  const file = join(dataDir, SECRET_FILE)
  try {
    const existing = (await readFile(file, 'utf8')).trim()
    if (existing.length >= 32) return existing
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  await mkdir(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('hex')
  try {
    // `wx`: when two processes start at once on one DATA_DIR, the first writer wins and the other reads it.
    await writeFile(file, secret + '\n', { mode: 0o600, flag: 'wx' })
    return secret
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return (await readFile(file, 'utf8')).trim()
  }
}
