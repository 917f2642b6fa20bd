import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorAnswer } from '@reelmates/contracts/answers'
import { unsubscribeAnswer, unsubscribeQuery } from '@reelmates/contracts/campaigns'
import { account, accountStreamId } from '@reelmates/commands/account/account'
import { loadState } from '@reelmates/commands/handleCommand'
import { readUnsubscribeToken, unsubscribeSecretFrom } from '@reelmates/scheduler/campaigns/unsubscribe'
import { DomainError } from '@reelmates/commands/decider'
import { execute } from '../http/execute'
import type { Platform } from '../platform'

class BadUnsubscribeLink extends DomainError {
  override readonly name = 'BadUnsubscribeLink'
  constructor() {
    super(
      'invalid',
      'This unsubscribe link is not valid. Open it from the email again, or change your email preferences on your profile.',
    )
  }
}

/**
 * Leaving campaign mail from a link in the mail, without signing in: the `/unsubscribed` page posts
 * the link's token here, and mail clients post `List-Unsubscribe=One-Click` to the same address
 * (RFC 8058). The signed token is the credential, so no session or CSRF token is asked for.
 * A client without one-click opens the same address in a browser: that GET only sends the reader on
 * to the `/unsubscribed` page.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  const secret = unsubscribeSecretFrom(platform.config.sessionSecret)
  // RFC 8058's one-click body is a form; only this route reads forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )

  // RFC 8058: a GET must not unsubscribe (mail scanners fetch every link), but the person who opened
  // the List-Unsubscribe address must reach a way to. It goes to the page the mail's own link opens,
  // relative so it stays on the host the mail named; the page checks the token when it posts it, and
  // shows a bad one's refusal in its own words.
  app.get(
    '/unsubscribe',
    {
      config: {
        redirects: {
          status: 303,
          description: 'To /unsubscribed?token= (the Location header), the page that posts the token',
        },
      },
      schema: {
        tags: ['account'],
        summary:
          "Open an unsubscribe link's List-Unsubscribe address in a browser: redirects (303) to /unsubscribed?token=, unsubscribing nobody by itself",
        querystring: unsubscribeQuery,
        response: { 400: errorAnswer },
      },
    },
    async (request, reply) =>
      reply.redirect(`/unsubscribed?${new URLSearchParams({ token: request.query.token }).toString()}`, 303),
  )

  app.post(
    '/unsubscribe',
    {
      config: { csrfExempt: true },
      schema: {
        tags: ['account'],
        summary: 'Leave campaign or digest emails with the token of an unsubscribe link (one-click, RFC 8058)',
        querystring: unsubscribeQuery,
        response: { 200: unsubscribeAnswer, 400: errorAnswer },
      },
    },
    async (request) => {
      const read = readUnsubscribeToken(request.query.token, secret)
      if (!read) throw new BadUnsubscribeLink()
      // Each list by the name the member's email preferences give it.
      const message =
        read.list === 'digests'
          ? 'You will not get digest emails from Reelmates any more.'
          : 'You will not get tips and news emails from Reelmates any more.'
      // A deleted account gets no mail at all: nothing to change, and the answer is as true.
      const state = await loadState(platform.eventStore, account, accountStreamId(read.userId))
      if (state.status !== 'active') return { success: true, message }
      // Each list has its own preference: a digest's link sets the digest to none, a campaign's stops campaigns.
      await execute(request, {
        decider: account,
        streamId: accountStreamId(read.userId),
        command:
          read.list === 'digests'
            ? {
                type: 'UpdateProfile',
                userId: read.userId,
                changes: { digestType: 'none' },
                currentPassword: 'absent',
              }
            : { type: 'UpdateEmailPreferences', userId: read.userId, receiveCampaignEmails: false },
        actorId: read.userId,
      })
      return { success: true, message }
    },
  )
}
