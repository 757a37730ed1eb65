// Your account (/account), for every signed-in user: change your own password. The current password is asked
// again (a session left open on a shared screen must not be enough), the new one follows the one password
// policy (src/password-policy.ts), and every other session of yours ends; this one stays signed in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { passwordProblem } from '../../src/password-policy.js'

interface PasswordBody { current?: string; password?: string; confirm?: string }

interface PageState { notice?: string; errors?: Record<string, string> }

export default async function accountRoutes(app: FastifyInstance): Promise<void> {
  function accountPage(request: FastifyRequest, reply: FastifyReply, state: PageState = {}) {
    return reply.view('account', { title: 'Your account', notice: state.notice ?? null, errors: state.errors ?? {} }, { fragment: 'partials/account-section' })
  }

  app.get('/', async (request, reply) => accountPage(request, reply))

  app.post<{ Body: PasswordBody }>('/password', async (request, reply) => {
    const session = request.webSession!
    const body = request.body ?? {}
    const errors: Record<string, string> = {}
    const current = typeof body.current === 'string' ? body.current : ''
    if (!(await app.store.users.verify(session.user.email, current))) errors.current = 'That is not your current password'
    const problem = passwordProblem(body.password)
    if (problem) errors.password = problem
    else if (body.confirm !== body.password) errors.confirm = 'The two new passwords differ'
    if (Object.keys(errors).length > 0) return accountPage(request, reply.code(422), { errors })
    await app.store.users.setPassword(session.user.accountId, session.user.id, body.password!)
    const ended = await app.store.sessions.removeForUserExcept(session.user.id, session.id)
    request.log.info({ user: session.user.id, endedSessions: ended }, 'web password changed')
    return accountPage(request, reply, { notice: `Your password is changed.${ended ? ` ${ended} other session${ended === 1 ? '' : 's'} ended.` : ''}` })
  })
}
