// A real S3-protocol server for tests: s3rver on a loopback port with one bucket, files in the test's
// directory, closed at teardown. `env` holds the S3_* settings a Quire node needs to use it.
import { mkdtempSync, rmSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import S3rver from 's3rver'
import type { Test } from 'tap'

export interface TestS3 {
  endpoint: string; bucket: string; env: Record<string, string>; directory: string
  /** Stops the server (the address refuses connections) and starts it again on the same port and files. */
  stop(): Promise<void>
  restart(): Promise<void>
}

export async function startS3(t: Test, bucket = 'quire-results'): Promise<TestS3> {
  // Not t.testdir(): a later t.testdir() call in the same test (the Quire harness) empties that directory.
  const directory = mkdtempSync(join(tmpdir(), 'quire-s3-'))
  t.teardown(() => rmSync(directory, { recursive: true, force: true }))
  const make = (port: number) => new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] })
  let server: S3rver | null = make(0)
  const { port } = (await server.run()) as AddressInfo
  const stop = async () => {
    const running = server
    server = null
    if (running) await running.close()
  }
  t.teardown(stop)
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    directory,
    // s3rver's built-in account.
    stop,
    restart: async () => {
      await stop()
      server = make(port)
      await server.run()
    },
    env: { S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_BUCKET: bucket, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
  }
}
