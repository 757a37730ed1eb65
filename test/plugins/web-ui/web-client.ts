// A browser-less client of the web interface for route tests: signs in through the real form (with its
// CSRF cookie and field), keeps the session cookie, and reads the page's CSRF token for later posts.
import type { Harness } from '../../helpers/build.js'

export interface WebClient {
  cookie: string
  csrf: string
  get(path: string, headers?: Record<string, string>): Promise<Response>
  post(path: string, form: Record<string, string>, headers?: Record<string, string>): Promise<Response>
  /** The CSRF token of the page at `path` (from its meta tag). */
  refreshCsrf(path?: string): Promise<string>
}

function cookieValue(response: Response, name: string): string | null {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';')
    const [key, value] = pair.split('=')
    if (key === name) return value
  }
  return null
}

export function csrfFromHtml(html: string): string {
  const match = /<meta name="csrf-token" content="([^"]*)">/.exec(html)
  if (!match) throw new Error('no csrf-token meta tag in the page')
  return match[1]
}

/** The sign-in form's token and the cookie it is paired with. */
export async function signInForm(h: Harness): Promise<{ token: string; cookie: string }> {
  const page = await fetch(`${h.baseUrl}/sign-in`)
  const token = cookieValue(page, 'quire_signin')
  if (!token) throw new Error('the sign-in page set no quire_signin cookie')
  return { token, cookie: `quire_signin=${token}` }
}

export async function postSignIn(h: Harness, email: string, password: string, extra: Record<string, string> = {}): Promise<Response> {
  const { token, cookie } = await signInForm(h)
  return fetch(`${h.baseUrl}/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ _csrf: token, email, password, ...extra }),
  })
}

export async function signIn(h: Harness, email: string, password: string): Promise<WebClient> {
  const response = await postSignIn(h, email, password)
  if (response.status !== 303) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`)
  const session = cookieValue(response, 'quire_session')
  if (!session) throw new Error('no session cookie after sign-in')
  const client: WebClient = {
    cookie: `quire_session=${session}`,
    csrf: '',
    get: (path, headers = {}) => fetch(h.baseUrl + path, { redirect: 'manual', headers: { cookie: client.cookie, accept: 'text/html', ...headers } }),
    post: (path, form, headers = {}) => fetch(h.baseUrl + path, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: client.cookie, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form),
    }),
    async refreshCsrf(path = '/templates') {
      client.csrf = csrfFromHtml(await (await client.get(path)).text())
      return client.csrf
    },
  }
  await client.refreshCsrf()
  return client
}

export { cookieValue }
