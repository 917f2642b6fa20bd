import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import sharp from 'sharp'
import { messages, type PublicUser } from '@reelmates/contracts/account'
import { agent, createTestApp, type TestApp } from '../testing/testApp'
import { mailsTo, password, register, type Registered } from './accountFixtures'

let t: TestApp
let taken: Registered
beforeAll(async () => {
  t = await createTestApp()
  taken = await register(t.app, 'taken')
})
afterAll(() => t.close())

describe('PUT /api/user/profile', () => {
  it('needs a signed-in user', async () => {
    expect((await agent(t.app).put('/api/user/profile', { bio: 'x' })).statusCode).toBe(401)
  })

  it('updates the profile fields and answers the user', async () => {
    const { client } = await register(t.app, 'margaret')
    const answer = await client.put('/api/user/profile', {
      location: 'Boston',
      bio: 'Apollo guidance computer fan',
      avatarUrl: 'https://images.example/m.png',
      digestType: 'daily',
      receiveCampaignEmails: false,
      pushNotificationsEnabled: true,
      pushSubscription: { endpoint: 'https://push.example/abc', keys: { p256dh: 'secret-key', auth: 'secret-auth' } },
      onboardingCompleted: true,
    })
    expect(answer.statusCode).toBe(200)
    const user = answer.json<Record<string, unknown>>()
    expect(user).toMatchObject({
      location: 'Boston',
      bio: 'Apollo guidance computer fan',
      avatarUrl: 'https://images.example/m.png',
      digestType: 'daily',
      receiveCampaignEmails: false,
      pushNotificationsEnabled: true,
      onboardingCompleted: true,
    })
    expect(JSON.stringify(user)).not.toContain('secret-key')
    expect((await client.get('/api/user')).json()).toMatchObject({ bio: 'Apollo guidance computer fan' })
  })

  it("counts a bio's 500 characters without the spaces around them, which it does not keep", async () => {
    const { client } = await register(t.app, 'spaced_bio')
    const bio = 'x'.repeat(500)
    const answer = await client.put('/api/user/profile', { bio: `  ${bio}\n` })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({ bio })
    expect((await client.put('/api/user/profile', { bio: `${bio}x` })).statusCode).toBe(400)
  })

  it('records onboarding as completed, as GET /api/user then says (the home "Get started" card)', async () => {
    const { client } = await register(t.app, 'newcomer')
    expect((await client.get('/api/user')).json()).toMatchObject({ onboardingCompleted: false })
    expect((await client.put('/api/user/profile', { onboardingCompleted: true })).statusCode).toBe(200)
    expect((await client.get('/api/user')).json()).toMatchObject({ onboardingCompleted: true })
  })

  it('clears text fields sent empty', async () => {
    const { client } = await register(t.app, 'clearer', { location: 'Paris', bio: 'Hello' })
    const answer = await client.put('/api/user/profile', { location: '', bio: null })
    expect(answer.json()).toMatchObject({ location: null, bio: null })
  })

  it('renames the user, freeing the old name and refusing a taken one', async () => {
    const { client } = await register(t.app, 'oldname')
    expect((await client.put('/api/user/profile', { username: 'newname' })).json()).toMatchObject({
      username: 'newname',
    })
    expect((await client.get('/api/validate-username?username=oldname')).json()).toEqual({ available: true })
    expect((await client.get('/api/validate-username?username=newname')).json()).toEqual({ available: false })
    expect((await agent(t.app).post('/api/login', { username: 'newname', password })).statusCode).toBe(200)

    const refused = await client.put('/api/user/profile', { username: 'TAKEN' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({
      validationErrors: { username: 'This username is already taken. Please choose a different one.' },
    })
    // A change of case of one's own name is not a conflict.
    expect((await client.put('/api/user/profile', { username: 'NewName' })).json()).toMatchObject({
      username: 'NewName',
    })
  })

  it('changes the password only with the correct current password', async () => {
    const { client } = await register(t.app, 'changer')
    const missing = await client.put('/api/user/profile', { newPassword: 'new-password' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      message: 'Current password is required to set new password',
      validationErrors: { currentPassword: 'Current password is required to set new password' },
    })
    const wrong = await client.put('/api/user/profile', {
      currentPassword: 'not-my-password',
      newPassword: 'new-password',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ validationErrors: { currentPassword: 'Current password is incorrect' } })

    const ok = await client.put('/api/user/profile', { currentPassword: password, newPassword: 'new-password' })
    expect(ok.statusCode).toBe(200)
    expect((await agent(t.app).post('/api/login', { username: 'changer', password })).statusCode).toBe(401)
    expect((await agent(t.app).post('/api/login', { username: 'changer', password: 'new-password' })).statusCode).toBe(
      200,
    )
  })

  it('signs out every other session on a new password, keeps this one, and tells the owner', async () => {
    const { client } = await register(t.app, 'rotator')
    const laptop = agent(t.app)
    expect((await laptop.post('/api/login', { username: 'rotator', password })).statusCode).toBe(200)
    expect(
      (await client.put('/api/user/profile', { currentPassword: password, newPassword: 'rotated-password' }))
        .statusCode,
    ).toBe(200)
    expect((await laptop.get('/api/user')).statusCode).toBe(401)
    expect((await client.get('/api/user')).json()).toMatchObject({ username: 'rotator' })
    const [notice] = await mailsTo(t.platform, 'rotator@example.com')
    expect(notice).toMatchObject({ category: 'password-changed', subject: 'Your Reelmates password was changed' })
  })

  // The web app sends a password change again under its first key when the first answer was lost:
  // the server answers what it did then, instead of judging the old password again (now wrong).
  it('answers a password change sent again under the same Idempotency-Key as it answered it first', async () => {
    const { client } = await register(t.app, 'lost_answer')
    const change = { currentPassword: password, newPassword: 'after-the-drop' }
    const headers = { 'idempotency-key': 'password-change-5120' }
    expect((await client.put('/api/user/profile', change, { headers })).statusCode).toBe(200)
    const again = await client.put('/api/user/profile', change, { headers })
    expect(again.statusCode).toBe(200)
    expect(again.headers['idempotent-replayed']).toBe('true')
    expect(again.json()).toMatchObject({ username: 'lost_answer' })
    expect((await client.put('/api/user/profile', change)).json()).toMatchObject({
      validationErrors: { currentPassword: 'Current password is incorrect' },
    })
    expect(
      (await agent(t.app).post('/api/login', { username: 'lost_answer', password: 'after-the-drop' })).statusCode,
    ).toBe(200)
  })

  // On a real dropped connection the new session's cookie is lost with the answer: the web app's resend
  // goes with the session the change ended, and the member who could be replayed to is unknown. The
  // form takes a 401 to a save with a new password as "probably saved" (ProfileEditForm.tsx).
  it('refuses a password change sent again with the session it ended (its answer and cookie lost): 401, not replayed', async () => {
    const { client } = await register(t.app, 'lost_cookie')
    const change = { currentPassword: password, newPassword: 'after-the-drop' }
    const headers = { 'idempotency-key': 'password-change-5121' }
    const before = new Map(client.cookies)
    expect((await client.put('/api/user/profile', change, { headers })).statusCode).toBe(200)
    client.cookies.clear()
    for (const [name, value] of before) client.cookies.set(name, value)
    const again = await client.put('/api/user/profile', change, { headers })
    expect(again.statusCode).toBe(403)
    client.resetCsrf()
    const withNewToken = await client.put('/api/user/profile', change, { headers })
    expect(withNewToken.statusCode).toBe(401)
    expect(withNewToken.headers['idempotent-replayed']).toBeUndefined()
  })

  it('treats empty password fields as not given', async () => {
    const { client } = await register(t.app, 'formfiller')
    const answer = await client.put('/api/user/profile', { bio: 'Hi', currentPassword: '', newPassword: '' })
    expect(answer.statusCode).toBe(200)
  })

  it('changes the email only with the current password, and refuses a taken one', async () => {
    const { client } = await register(t.app, 'mover')
    const missing = await client.put('/api/user/profile', { email: 'moved@example.com' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({
      validationErrors: { currentPassword: 'Current password is required to change your email' },
    })
    const clash = await client.put('/api/user/profile', { email: taken.user.email, currentPassword: password })
    expect(clash.statusCode).toBe(409)
    expect(clash.json()).toMatchObject({
      validationErrors: { email: 'This email is already registered to another account. Please use a different email.' },
    })
    const ok = await client.put('/api/user/profile', { email: 'moved@example.com', currentPassword: password })
    expect(ok.json()).toMatchObject({ email: 'moved@example.com' })
    const [notice] = await mailsTo(t.platform, 'mover@example.com')
    expect(notice).toMatchObject({ category: 'email-changed' })
    expect(notice?.text).toContain('moved@example.com')
    // The old address is free again; the refused attempt left the new one free too.
    expect(
      (await agent(t.app).post('/api/register', { username: 'second', email: 'mover@example.com', password }))
        .statusCode,
    ).toBe(201)
    expect((await agent(t.app).post('/api/login', { username: 'moved@example.com', password })).statusCode).toBe(200)
  })

  it('keeps only the last name of two renames sent at once from two devices, and frees the others', async () => {
    const { client } = await register(t.app, 'twodevices')
    // Both decide on the account as it was: the first to write waits until the second is writing too.
    const { eventStore } = t.platform
    const append = eventStore.append.bind(eventStore)
    let bothWriting!: () => void
    const second = new Promise<void>((resolve) => (bothWriting = resolve))
    let writers = 0
    eventStore.append = async (...args) => {
      if (++writers === 1) await second
      else bothWriting()
      if (writers >= 2) eventStore.append = append
      return append(...args)
    }
    const renames = await Promise.all([
      client.put('/api/user/profile', { username: 'fromphone' }),
      client.put('/api/user/profile', { username: 'fromlaptop' }),
    ])
    expect(renames.map((answer) => answer.statusCode)).toEqual([200, 200])
    const { username } = (await client.get('/api/user')).json<{ username: string }>()
    const available = async (name: string) =>
      (await client.get(`/api/validate-username?username=${name}`)).json<{ available: boolean }>().available
    expect({
      twodevices: await available('twodevices'),
      fromphone: await available('fromphone'),
      fromlaptop: await available('fromlaptop'),
    }).toEqual({
      twodevices: true,
      fromphone: username !== 'fromphone',
      fromlaptop: username !== 'fromlaptop',
    })
    const other = username === 'fromphone' ? 'fromlaptop' : 'fromphone'
    expect((await agent(t.app).post('/api/login', { username: other, password })).statusCode).toBe(401)
  })

  it('gives back a claimed username when the rest of the update is refused', async () => {
    const { client } = await register(t.app, 'claimer')
    const refused = await client.put('/api/user/profile', { username: 'claimed', email: 'elsewhere@example.com' })
    expect(refused.statusCode).toBe(400)
    expect((await client.get('/api/validate-username?username=claimed')).json()).toEqual({ available: true })
  })

  it("refuses another member's uploaded picture as the avatar, in any spelling; one's own comes back unchanged", async () => {
    const alice = await register(t.app, 'avatar_owner')
    const mallory = await register(t.app, 'avatar_borrower')
    const picture = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .png()
      .toBuffer()
    const uploaded = await alice.client.put('/api/user/avatar', picture, { headers: { 'content-type': 'image/png' } })
    expect(uploaded.statusCode, uploaded.body).toBe(200)
    const aliceAvatar = uploaded.json<PublicUser>().avatarUrl!
    const [path, query] = aliceAvatar.split('?')
    const others = messages.avatarUrlOfAnotherMember
    // An escaped slash and a scheme-relative address never got past the contract's own rules.
    for (const [avatarUrl, message] of [
      [aliceAvatar, others],
      [path!, others],
      [path!.replace('/api/avatars/', '/API/Avatars/'), messages.avatarUrlInApi],
      [`${path!.replace('/avatars/', '/avatars%2F')}?${query}`, messages.avatarUrlInApi],
      [`${t.platform.config.publicUrl}${aliceAvatar}`, others],
      [`//${new URL(t.platform.config.publicUrl).host}${aliceAvatar}`, messages.avatarUrlInvalid],
    ] as const) {
      const answer = await mallory.client.put('/api/user/profile', { avatarUrl })
      expect(answer.statusCode, avatarUrl).toBe(400)
      expect(answer.json(), avatarUrl).toMatchObject({ validationErrors: { avatarUrl: message } })
    }
    expect((await mallory.client.get('/api/user')).json()).toMatchObject({ avatarUrl: null })

    const again = await alice.client.put('/api/user/profile', { avatarUrl: aliceAvatar, bio: 'Still me' })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toMatchObject({ avatarUrl: aliceAvatar, bio: 'Still me' })
    expect((await mallory.client.get(aliceAvatar)).statusCode).toBe(200)
  })

  it('checks the profile rules of spec §5 with their messages', async () => {
    const { client } = await register(t.app, 'validator')
    const cases: [Record<string, unknown>, string, string][] = [
      [{ username: 'ab' }, 'username', 'Username must be at least 3 characters'],
      [{ username: 'x'.repeat(51) }, 'username', 'Username must be at most 50 characters'],
      [{ email: 'nope' }, 'email', 'Please enter a valid email address'],
      [{ location: 'x'.repeat(101) }, 'location', 'Location must be at most 100 characters'],
      [{ bio: 'x'.repeat(501) }, 'bio', 'Bio must be at most 500 characters'],
      [{ avatarUrl: 42 }, 'avatarUrl', 'Avatar URL must be a web address'],
      [{ avatarUrl: 'javascript:alert(1)' }, 'avatarUrl', 'Avatar URL must be a web address'],
      ...[
        '/api/friendships/accept-with-token?token=x',
        '/API/auth/magic-link?token=x',
        '/api/avatars/../friendships/accept-with-token?token=x',
        '/api\\friendships\\accept-with-token?token=x',
        '/x/../api/auth/process-token?token=x',
      ].map((avatarUrl): [Record<string, unknown>, string, string] => [
        { avatarUrl },
        'avatarUrl',
        "Avatar URL must be a picture's address, not one of the app's own calls",
      ]),
      [{ currentPassword: '12345' }, 'currentPassword', 'Password must be at least 6 characters'],
      [{ currentPassword: password, newPassword: '12345' }, 'newPassword', 'Password must be at least 6 characters'],
      [{ digestType: 'hourly' }, 'digestType', 'Digest must be weekly, daily or none'],
      [{ receiveCampaignEmails: 'yes' }, 'receiveCampaignEmails', 'receiveCampaignEmails must be true or false'],
      [{ pushNotificationsEnabled: 1 }, 'pushNotificationsEnabled', 'pushNotificationsEnabled must be true or false'],
    ]
    for (const [body, field, message] of cases) {
      const answer = await client.put('/api/user/profile', body)
      expect(answer.statusCode, JSON.stringify(body)).toBe(400)
      expect(
        answer.json<{ validationErrors: Record<string, string> }>().validationErrors[field],
        JSON.stringify(body),
      ).toBe(message)
    }
    expect(
      (
        await client.put('/api/user/profile', {
          location: 'x'.repeat(100),
          bio: 'y'.repeat(500),
          username: 'v'.repeat(50),
        })
      ).statusCode,
    ).toBe(200)
  })

  it('refuses an update without the CSRF token', async () => {
    const { client } = await register(t.app, 'csrfless')
    expect((await client.put('/api/user/profile', { bio: 'sneaky' }, { csrf: false })).statusCode).toBe(403)
    expect((await client.get('/api/user')).json()).toMatchObject({ bio: null })
  })
})

describe('POST /api/update-email-preferences', () => {
  it('unsubscribes an address without signing in', async () => {
    const { client } = await register(t.app, 'reader')
    const answer = await agent(t.app).post('/api/update-email-preferences', {
      email: 'READER@example.com',
      receiveCampaignEmails: false,
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      success: true,
      message: "You won't receive tips and news emails any more. This does not change account emails or your digest.",
    })
    const header = { 'x-min-position': (await t.platform.eventStore.headPosition()).toString() }
    expect((await client.get('/api/user', { headers: header })).json()).toMatchObject({ receiveCampaignEmails: false })
  })

  it('answers the same for an address without an account', async () => {
    const answer = await agent(t.app).post('/api/update-email-preferences', {
      email: 'ghost@example.com',
      receiveCampaignEmails: false,
    })
    expect(answer.json()).toEqual({
      success: true,
      message: "You won't receive tips and news emails any more. This does not change account emails or your digest.",
    })
  })

  it('subscribes again only for the signed-in owner of the address', async () => {
    const { client } = await register(t.app, 'returner')
    await agent(t.app).post('/api/update-email-preferences', {
      email: 'returner@example.com',
      receiveCampaignEmails: false,
    })
    const stranger = await agent(t.app).post('/api/update-email-preferences', {
      email: 'returner@example.com',
      receiveCampaignEmails: true,
    })
    expect(stranger.statusCode).toBe(401)
    expect(stranger.json()).toEqual({
      success: false,
      message: 'Please sign in to receive tips and news emails again.',
    })
    const owner = await client.post('/api/update-email-preferences', {
      email: 'returner@example.com',
      receiveCampaignEmails: true,
    })
    expect(owner.json()).toEqual({ success: true, message: 'You will receive tips and news emails again.' })
  })

  it('checks the address (spec §5)', async () => {
    const answer = await agent(t.app).post('/api/update-email-preferences', {
      email: 'no-at-sign',
      receiveCampaignEmails: false,
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json()).toMatchObject({ validationErrors: { email: 'Please enter a valid email address' } })
  })
})
