// Users (/users), admins only: invite by creating a user with a role, change a role, reset a password, remove.
// Role changes and removals reach live sessions at once (sessions read the user on every request); a reset ends
// the user's sessions; the account always keeps at least one admin. Passwords follow src/password-policy.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Errors } from '../../src/errors.js'
import { passwordProblem } from '../../src/password-policy.js'
import { USER_ROLES, type UserRole } from '../../src/store/records.js'
import { requireAdmin } from './require-session.js'

type IdParams = { id: string }
interface CreateBody { email?: string; password?: string; role?: string }

interface PageState {
  notice?: string
  errors?: Record<string, string>
  values?: { email: string; role: string }
  /** The user whose password reset was refused, and why (shown at that row). */
  resetError?: { id: string; message: string }
}

export default async function userRoutes(app: FastifyInstance): Promise<void> {
  const account = (request: FastifyRequest) => request.webSession!.user.accountId

  app.addHook('preHandler', async (request) => requireAdmin(request, 'manage users'))

  async function usersPage(request: FastifyRequest, reply: FastifyReply, state: PageState = {}) {
    const users = await app.store.users.list(account(request))
    return reply.view('users', {
      title: 'Users', users, roles: USER_ROLES, notice: state.notice ?? null, errors: state.errors ?? {},
      values: state.values ?? { email: '', role: 'editor' }, me: request.webSession!.user.id, resetError: state.resetError ?? null,
    }, { fragment: 'partials/users-section' })
  }

  async function assertOtherAdmin(accountId: string, userId: string, what: string): Promise<void> {
    const admins = (await app.store.users.list(accountId)).filter((u) => u.role === 'admin' && u.id !== userId)
    if (admins.length === 0) throw new Errors.WEB_LAST_ADMIN(`${what} would leave it without one`)
  }

  app.get('/', async (request, reply) => usersPage(request, reply))

  app.post<{ Body: CreateBody }>('/', async (request, reply) => {
    const body = request.body ?? {}
    const values = { email: typeof body.email === 'string' ? body.email.trim() : '', role: typeof body.role === 'string' ? body.role : '' }
    const errors: Record<string, string> = {}
    if (!/^[^\s@]+@[^\s@]+$/.test(values.email)) errors.email = 'Enter an email address, like ada@example.com'
    const problem = passwordProblem(body.password)
    if (problem) errors.password = problem
    if (!USER_ROLES.includes(values.role as UserRole)) errors.role = 'Choose admin or editor'
    if (Object.keys(errors).length === 0) {
      try {
        const user = await app.store.users.create({ accountId: account(request), email: values.email, password: body.password!, role: values.role as UserRole })
        return usersPage(request, reply.code(201), { notice: `Created ${user.role} ${user.email}. Tell them their password through a safe channel.` })
      } catch (error) {
        const code = (error as { code?: string }).code
        if (code !== 'QUIRE_ERR_USER_EMAIL_TAKEN' && code !== 'QUIRE_ERR_REQUEST_INVALID') throw error
        errors.email = (error as Error).message
      }
    }
    return usersPage(request, reply.code(422), { errors, values })
  })

  app.post<{ Params: IdParams; Body: { role?: string } }>('/:id/role', async (request, reply) => {
    const accountId = account(request)
    const user = await app.store.users.byId(accountId, request.params.id)
    if (!user) throw new Errors.USER_NOT_FOUND(request.params.id)
    const role = request.body?.role
    if (!USER_ROLES.includes(role as UserRole)) throw new Errors.REQUEST_INVALID('role must be admin or editor')
    if (user.role === 'admin' && role !== 'admin') await assertOtherAdmin(accountId, user.id, `making ${user.email} an editor`)
    await app.store.users.setRole(accountId, user.id, role as UserRole)
    return usersPage(request, reply, { notice: `${user.email} is now ${role === 'admin' ? 'an admin' : 'an editor'}.` })
  })

  app.post<{ Params: IdParams; Body: { password?: string } }>('/:id/password', async (request, reply) => {
    const accountId = account(request)
    const user = await app.store.users.byId(accountId, request.params.id)
    if (!user) throw new Errors.USER_NOT_FOUND(request.params.id)
    if (user.id === request.webSession!.user.id) throw new Errors.REQUEST_INVALID('Change your own password under Your account (/account)')
    const problem = passwordProblem(request.body?.password)
    if (problem) return usersPage(request, reply.code(422), { resetError: { id: user.id, message: problem } })
    await app.store.users.setPassword(accountId, user.id, request.body!.password!)
    const ended = await app.store.sessions.removeForUser(user.id)
    request.log.info({ user: user.id, by: request.webSession!.user.id, endedSessions: ended }, 'web password reset by an admin')
    return usersPage(request, reply, { notice: `Set a new password for ${user.email}; their sessions have ended. Tell them the password through a safe channel.` })
  })

  app.post<{ Params: IdParams }>('/:id/delete', async (request, reply) => {
    const accountId = account(request)
    const user = await app.store.users.byId(accountId, request.params.id)
    if (!user) throw new Errors.USER_NOT_FOUND(request.params.id)
    if (user.id === request.webSession!.user.id) throw new Errors.REQUEST_INVALID('You cannot remove yourself; ask another admin')
    if (user.role === 'admin') await assertOtherAdmin(accountId, user.id, `removing ${user.email}`)
    await app.store.sessions.removeForUser(user.id)
    await app.store.users.remove(accountId, user.id)
    return usersPage(request, reply, { notice: `Removed ${user.email}; their sessions have ended.` })
  })
}
