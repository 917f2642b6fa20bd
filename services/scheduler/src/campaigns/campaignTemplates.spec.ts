import { describe, expect, it } from 'vitest'
import { campaignTemplates } from './campaignTemplates'

const named = (name: string) => {
  const template = campaignTemplates.find((candidate) => candidate.name === name)
  if (!template) throw new Error(`no built-in template ${name}`)
  return template
}

describe('the built-in campaign mails', () => {
  it('invites a member back without claiming news it cannot know: the catalog may not have changed', () => {
    const comeBack = named('campaign-come-back')
    for (const words of [comeBack.subject, comeBack.textContent, comeBack.htmlContent]) {
      expect(words).not.toMatch(/\bnew\b|since your last visit|a lot has come/i)
    }
    expect(comeBack.subject).toBe('Looking for something to watch, {{username}}?')
    expect(comeBack.textContent).toContain('what is popular, what each streaming service has')
  })

  it('claim nothing of the member that the trigger an admin picks may not hold', () => {
    // "Rate more" may follow a single watch, already rated; "find friends" may reach someone with many.
    expect(named('campaign-rate-more').textContent).not.toMatch(/a few titles|Rate them/)
    expect(named('campaign-find-friends').textContent).not.toMatch(/Invite someone today/)
  })

  it('names the setting that sends them as the profile does, in both bodies', () => {
    for (const template of campaignTemplates) {
      expect(template.textContent, template.name).toContain('because your tips and news emails are on')
      expect(template.htmlContent, template.name).toContain('because your tips and news emails are on')
    }
  })
})
