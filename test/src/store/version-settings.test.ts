// Saved settings are parsed once per version: every read of a version shares one frozen settings object; a
// draft's are parsed again when they change, and only then.
import t from 'tap'
import { openTestStore } from './open-test-store.js'

t.test('a version\'s settings are parsed on its first read and shared by every later one', async (t) => {
  const store = await openTestStore(t)
  const account = await store.accounts.ensure('acme')
  const tpl = await store.templates.create(account.id, { name: 'T', html: 'x', settings: { paper: { size: 'Letter' } } })
  const v1 = await store.templates.createVersion(account.id, tpl.id)
  await store.templates.publish(account.id, tpl.id, v1!.id)
  const first = (await store.templates.getVersion(account.id, tpl.id, v1!.id))!.settings
  t.equal((await store.templates.getVersion(account.id, tpl.id, v1!.id))!.settings, first, 'the same object again')
  t.equal((await store.templates.getPublished(account.id, tpl.id))!.settings, first, 'read as the published version too')
  t.ok(Object.isFrozen(first) && Object.isFrozen(first.paper), 'frozen, since it is shared')
  t.equal(first.paper.size, 'Letter')

  const draft = (await store.templates.get(account.id, tpl.id))!.draft.settings
  t.equal((await store.templates.get(account.id, tpl.id))!.draft.settings, draft, 'an unchanged draft: not parsed again')
  await store.templates.updateDraft(account.id, tpl.id, { settings: { orientation: 'landscape' } })
  const changed = (await store.templates.get(account.id, tpl.id))!.draft.settings
  t.not(changed, draft, 'a changed draft: parsed again')
  t.match(changed, { paper: { size: 'Letter' }, orientation: 'landscape' })
  t.equal((await store.templates.getVersion(account.id, tpl.id, v1!.id))!.settings.orientation, first.orientation, 'the version kept its own')
  const v2 = await store.templates.createVersion(account.id, tpl.id)
  t.equal((await store.templates.getVersion(account.id, tpl.id, v2!.id))!.settings.orientation, 'landscape', 'a new version has the new draft\'s')
})
