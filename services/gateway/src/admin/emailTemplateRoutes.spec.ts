import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAdmin, mailsTo, register, type Registered } from '../account/accountFixtures'
import { agent, createTestApp, type TestApp } from '../testing/testApp'

let t: TestApp
let admin: Registered
beforeAll(async () => {
  t = await createTestApp()
  admin = await register(t.app, 'templateboss')
  await makeAdmin(t.platform, admin.user.id)
})
afterAll(() => t.close())

const edit = {
  subject: 'Your door back in, {{username}}',
  textContent: 'One click: {{link}}',
  htmlContent: '<p>One click, {{username}}: <a href="{{link}}">sign in</a></p>',
}

describe('/api/admin/email-templates', () => {
  it('lists every built-in template with its variables, unedited', async () => {
    const answer = await admin.client.get('/api/admin/email-templates')
    expect(answer.statusCode).toBe(200)
    const { templates } = answer.json<{ templates: { name: string; variables: string[]; edited: boolean }[] }>()
    expect(templates.map((template) => template.name)).toEqual(
      expect.arrayContaining([
        'password-reset',
        'username-reminder',
        'magic-link',
        'friend-request',
        'friend-invitation',
      ]),
    )
    expect(templates.find((template) => template.name === 'magic-link')).toMatchObject({
      variables: ['username', 'link'],
      edited: false,
    })
  })

  it('previews an edit with sample values, escaping them in the HTML', async () => {
    const answer = await admin.client.post('/api/admin/email-templates/magic-link/preview', edit)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      subject: 'Your door back in, ada',
      text: expect.stringContaining('One click: http') as unknown,
      html: expect.stringContaining('<a href="http') as unknown,
    })
  })

  it("previews each template's link where its mails link, a campaign step's to the app", async () => {
    const linkOf = async (name: string) => {
      const template = (await admin.client.get('/api/admin/email-templates'))
        .json<{
          templates: { name: string; subject: string; textContent: string; htmlContent: string }[]
        }>()
        .templates.find((one) => one.name === name)
      if (!template) throw new Error(`no template ${name}`)
      const { subject, textContent, htmlContent } = template
      const preview = await admin.client.post(`/api/admin/email-templates/${name}/preview`, {
        subject,
        textContent,
        htmlContent,
      })
      expect(preview.statusCode, preview.body).toBe(200)
      return /http:\/\/localhost:3000(\/[^\s"]*)/.exec(preview.json<{ text: string }>().text)?.[1]
    }
    expect(await linkOf('campaign-welcome')).toBe('/home')
    expect(await linkOf('campaign-find-friends')).toBe('/friends')
    expect(await linkOf('campaign-rate-more')).toBe('/watched')
    expect(await linkOf('password-reset')).toBe('/reset-password/sample')
    expect(await linkOf('magic-link')).toBe('/magic-link?token=sample')
    expect(await linkOf('recommendation')).toBe('/recommendations')
  })

  it('mails with the edited template once saved, and with the built-in one again once restored', async () => {
    await register(t.app, 'linkasker')
    const saved = await admin.client.put('/api/admin/email-templates/magic-link', edit)
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ name: 'magic-link', subject: edit.subject, edited: true })
    await t.platform.projections.waitForPosition(BigInt(saved.json<{ position: string }>().position), 5_000)
    await agent(t.app).post('/api/auth/magic-link/request', { email: 'linkasker@example.com' })
    const [mail] = await mailsTo(t.platform, 'linkasker@example.com')
    expect(mail?.subject).toBe('Your door back in, linkasker')
    expect(mail?.html).toContain('One click, linkasker')

    const restored = await admin.client.delete('/api/admin/email-templates/magic-link')
    expect(restored.json()).toMatchObject({ subject: 'Your Reelmates sign-in link', edited: false })
    await t.platform.projections.waitForPosition(BigInt(restored.json<{ position: string }>().position), 5_000)
    await agent(t.app).post('/api/auth/magic-link/request', { email: 'linkasker@example.com' })
    const [again] = await mailsTo(t.platform, 'linkasker@example.com')
    expect(again?.subject).toBe('Your Reelmates sign-in link')
  })

  it('mails me a test of the text as my form has it, saved or not, marked as a test, and changes nothing', async () => {
    const before = (await admin.client.get('/api/admin/email-templates')).json<{
      templates: { name: string; subject: string }[]
    }>()
    const draft = { ...edit, subject: 'Draft: {{username}}, come back' }
    const answer = await admin.client.post('/api/admin/email-templates/password-reset/test', draft)
    expect(answer.statusCode, answer.body).toBe(202)
    expect(answer.json()).toMatchObject({ message: `A test is on its way to ${admin.user.email}.` })
    const tests = (await mailsTo(t.platform, admin.user.email)).filter((mail) => mail.category === 'template-test')
    expect(tests).toHaveLength(1)
    expect(tests[0]?.subject).toBe('[Test] Draft: templateboss, come back')
    expect(tests[0]?.text).toContain('One click: http://localhost:3000/reset-password/sample')
    expect(tests[0]?.html).toContain('One click, templateboss:')
    expect((await admin.client.get('/api/admin/email-templates')).json()).toEqual(before)

    // What Save would refuse is refused here too; a user may not ask.
    const noLink = await admin.client.post('/api/admin/email-templates/password-reset/test', {
      ...edit,
      textContent: 'No link',
    })
    expect(noLink.statusCode).toBe(400)
    expect(noLink.json<{ message: string }>().message).toContain('must keep {{link}}')
    expect((await admin.client.post('/api/admin/email-templates/no-such-mail/test', edit)).statusCode).toBe(404)
    const { client, user } = await register(t.app, 'testasker')
    expect((await client.post('/api/admin/email-templates/magic-link/test', edit)).statusCode).toBe(403)
    expect(await mailsTo(t.platform, user.email)).toEqual([])
  })

  it('refuses a save over a change made since the form had the template, and takes a form’s saves in a row', async () => {
    type Template = { name: string; subject: string; textContent: string; htmlContent: string; editedAt: string | null }
    const path = '/api/admin/email-templates/campaign-come-back'
    const read = async () =>
      (await admin.client.get('/api/admin/email-templates'))
        .json<{ templates: Template[] }>()
        .templates.find((one) => one.name === 'campaign-come-back')!
    const opened = await read()
    expect(opened.editedAt).toBeNull()
    const { subject, textContent, htmlContent } = opened
    const save = (basedOn: unknown, change: Partial<Template>) =>
      admin.client.put(path, { subject, textContent, htmlContent, ...change, basedOn })

    // Two forms opened the built-in text; the first changes the subject.
    const first = await save(null, { subject: 'We miss you… (admin 1)' })
    expect(first.statusCode, first.body).toBe(200)
    const stale = await save(null, { textContent: `${textContent}\nSee you soon.` })
    expect(stale.statusCode).toBe(409)
    expect(stale.json<{ message: string }>().message).toMatch(/^This template was changed since you opened it/)
    expect(await read()).toMatchObject({ subject: 'We miss you… (admin 1)', textContent })

    // The first form saves again, based on its own save.
    const again = await save(first.json<Template>().editedAt, {
      subject: 'We miss you… (admin 1)',
      textContent: `${textContent}\nSee you soon.`,
    })
    expect(again.statusCode, again.body).toBe(200)

    // Restoring changes the template too: a save based on the edit it replaced is refused, one based on
    // the built-in text it brought back is not.
    const restored = await admin.client.delete(path)
    expect(restored.json<Template>().editedAt).toBeNull()
    expect((await save(again.json<Template>().editedAt, {})).statusCode).toBe(409)
    expect((await save(null, {})).statusCode).toBe(200)
    await admin.client.delete(path)
  })

  it('refuses to restore the built-in text over an edit saved since the form had the template', async () => {
    type Template = { subject: string; textContent: string; htmlContent: string; editedAt: string | null }
    const path = '/api/admin/email-templates/campaign-rate-more'
    const read = async () =>
      (await admin.client.get('/api/admin/email-templates'))
        .json<{ templates: (Template & { name: string })[] }>()
        .templates.find((one) => one.name === 'campaign-rate-more')!
    const { subject, textContent, htmlContent } = await read()
    const save = (change: Partial<Template>) => admin.client.put(path, { subject, textContent, htmlContent, ...change })

    // One form has the first edit; another admin saves a second one over it.
    const opened = (await save({ subject: 'Rate a few more (admin 1)' })).json<Template>()
    const theirs = (await save({ subject: 'Rate a few more (admin 2)' })).json<Template>()

    const stale = await admin.client.delete(path, { basedOn: opened.editedAt })
    expect(stale.statusCode).toBe(409)
    expect(stale.json<{ message: string }>().message).toMatch(
      /^This template was changed since you opened it .*Look at it again before restoring the built-in text\.$/,
    )
    expect(await read()).toMatchObject({ subject: 'Rate a few more (admin 2)', editedAt: theirs.editedAt })

    const seen = await admin.client.delete(path, { basedOn: theirs.editedAt })
    expect(seen.statusCode, seen.body).toBe(200)
    expect(seen.json<Template>()).toMatchObject({ subject, editedAt: null })
    // Restored already: a second restore from the older form has nothing to throw away.
    expect((await admin.client.delete(path, { basedOn: opened.editedAt })).statusCode).toBe(200)
    expect((await admin.client.delete(path, { basedOn: 42 })).statusCode).toBe(400)
  })

  it.each([['x'.repeat(65)], [42]])('refuses a malformed basedOn with a 400 and a message (%#)', async (basedOn) => {
    const answer = await admin.client.put('/api/admin/email-templates/magic-link', { ...edit, basedOn })
    expect(answer.statusCode).toBe(400)
    expect(answer.json<{ message: string }>().message).toMatch(/basedOn/)
  })

  it('refuses a variable the mails never fill in, and a template that does not exist', async () => {
    const unknownVariable = await admin.client.put('/api/admin/email-templates/magic-link', {
      ...edit,
      subject: 'Hi {{firstName}}',
    })
    expect(unknownVariable.statusCode).toBe(400)
    expect(unknownVariable.json<{ message: string }>().message).toContain('{{firstName}}')
    const missing = await admin.client.put('/api/admin/email-templates/no-such-mail', edit)
    expect(missing.statusCode).toBe(404)
    const empty = await admin.client.put('/api/admin/email-templates/magic-link', { ...edit, subject: ' ' })
    expect(empty.statusCode).toBe(400)
    // A line break would start a header of its own in every mail sent from it.
    for (const path of ['/api/admin/email-templates/magic-link', '/api/admin/email-templates/magic-link/test']) {
      const send = path.endsWith('/test') ? admin.client.post.bind(admin.client) : admin.client.put.bind(admin.client)
      const twoLines = await send(path, { ...edit, subject: 'Changed\r\nBcc: someone@example.com' })
      expect(twoLines.statusCode, path).toBe(400)
      expect(twoLines.json<{ message: string }>().message).toContain('The subject must be one line.')
    }
  })

  it('refuses, in a save and a preview alike, a reset mail without its link or a variable no mail fills in', async () => {
    const noLink = { ...edit, textContent: 'Hello {{username}}, no link here' }
    for (const answer of [
      await admin.client.put('/api/admin/email-templates/password-reset', noLink),
      await admin.client.post('/api/admin/email-templates/password-reset/preview', noLink),
    ]) {
      expect(answer.statusCode).toBe(400)
      expect(answer.json<{ message: string }>().message).toBe(
        'This template must keep {{link}} in its text: without it its mails cannot do their job.',
      )
    }
    const unknown = await admin.client.post('/api/admin/email-templates/magic-link/preview', {
      ...edit,
      subject: 'Hi {{username}} {{nope}}',
    })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json<{ message: string }>().message).toContain('{{nope}}')
  })

  it('refuses, in a save and a preview alike, braces that make no variable and an unsubscribe link nobody sees', async () => {
    const welcome = (await admin.client.get('/api/admin/email-templates'))
      .json<{ templates: { name: string; subject: string; textContent: string; htmlContent: string }[] }>()
      .templates.find((template) => template.name === 'campaign-welcome')
    if (!welcome) throw new Error('campaign-welcome is a built-in template')
    const { subject, textContent, htmlContent } = welcome
    const refusals: [Record<string, string>, string][] = [
      [{ subject: 'Hi {{username' }, 'The subject has a {{ with no }}'],
      [{ textContent: `${textContent} }}` }, 'The text version has a }} with no {{ before it'],
      [{ subject: 'Hi {{{username}}}' }, 'The subject has three braces ({{{)'],
      [
        { htmlContent: `<p>Welcome</p><!-- <a href="{{unsubscribeLink}}">Unsubscribe</a> -->` },
        '{{unsubscribeLink}} is only inside an HTML comment',
      ],
      [
        { htmlContent: `<p>Welcome. Unsubscribe: {{unsubscribeLink}}</p>` },
        "{{unsubscribeLink}} must be a link's address",
      ],
    ]
    for (const [change, message] of refusals) {
      const body = { subject, textContent, htmlContent, ...change }
      for (const answer of [
        await admin.client.put('/api/admin/email-templates/campaign-welcome', body),
        await admin.client.post('/api/admin/email-templates/campaign-welcome/preview', body),
      ]) {
        expect(answer.statusCode, answer.body).toBe(400)
        expect(answer.json<{ message: string }>().message).toContain(message)
      }
    }
  })

  it('keeps every built-in template within its own rules', async () => {
    const { templates } = (await admin.client.get('/api/admin/email-templates')).json<{
      templates: { name: string; subject: string; textContent: string; htmlContent: string }[]
    }>()
    for (const { name, subject, textContent, htmlContent } of templates) {
      const preview = await admin.client.post(`/api/admin/email-templates/${name}/preview`, {
        subject,
        textContent,
        htmlContent,
      })
      expect(preview.statusCode, `${name}: ${preview.body}`).toBe(200)
    }
  })

  it('is for admins only', async () => {
    expect((await agent(t.app).get('/api/admin/email-templates')).statusCode).toBe(401)
    const { client } = await register(t.app, 'curioususer')
    expect((await client.get('/api/admin/email-templates')).statusCode).toBe(403)
  })
})
