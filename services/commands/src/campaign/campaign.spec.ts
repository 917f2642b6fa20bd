import { describe, it } from 'vitest'
import {
  EmailCampaignActivated,
  EmailCampaignCreated,
  EmailCampaignDeleted,
  EmailCampaignPaused,
  EmailCampaignUpdated,
  type CampaignDefinition,
} from '@reelmates/contracts/campaigns'
import { specFor } from '../testing/givenWhenThen'
import {
  campaign,
  CampaignAlreadyExists,
  CampaignChangedBeforeActivation,
  CampaignChangedBeforeDeletion,
  CampaignChangedSinceOpened,
  CampaignNotFound,
  UnknownCampaignTemplate,
  type CampaignCommand,
} from './campaign'

const given = specFor(campaign)
const at = '2026-11-24T08:00:00.000Z'
const campaignId = '5d0c5d8e-8f1e-4b43-9d59-8a4cfb1a2d11'
const templates = ['campaign-welcome', 'campaign-find-friends']
const welcome: CampaignDefinition = {
  name: 'Welcome',
  description: 'First days',
  steps: [
    { templateName: 'campaign-welcome', delayDays: 0 },
    { templateName: 'campaign-find-friends', delayDays: 3 },
  ],
  triggers: [{ triggerType: 'registered', triggerCondition: {} }],
}
const create = (definition = welcome): CampaignCommand & { type: 'CreateCampaign' } => ({
  type: 'CreateCampaign',
  campaignId,
  definition,
  templates,
  isActive: false,
  adminId: 'admin-1',
  at,
})
const created = EmailCampaignCreated({
  campaignId,
  name: 'Welcome',
  description: 'First days',
  steps: welcome.steps,
  triggers: welcome.triggers,
  isActive: false,
  createdBy: 'admin-1',
  createdAt: at,
})
const activate: CampaignCommand = { type: 'ActivateCampaign', campaignId, adminId: 'admin-1', at }
const pause: CampaignCommand = { type: 'PauseCampaign', campaignId, adminId: 'admin-1', at }
const activated = EmailCampaignActivated({ campaignId, by: 'admin-1', at })

const renamed = { ...welcome, name: 'Welcome (v2)' }
/** A save of the form, based on the campaign's `updatedAt` as the form had it. */
const save = (basedOn: string | undefined, definition = renamed, saveAt = '2026-11-24T10:00:00.000Z') => {
  const { isActive: _isActive, ...fields } = create(definition)
  return { ...fields, type: 'UpdateCampaign', basedOn, at: saveAt } as const
}
const updated = (updatedAt: string, definition = renamed) =>
  EmailCampaignUpdated({ campaignId, ...definition, updatedBy: 'admin-1', updatedAt })

describe('email campaign', () => {
  it('is created with its steps and triggers', () => given([]).when(create()).then([created]))

  it('is created once', () => given([created]).when(create()).thenThrows(CampaignAlreadyExists))

  it('refuses a step whose template does not exist', () =>
    given([])
      .when(create({ ...welcome, steps: [{ templateName: 'no-such-mail', delayDays: 0 }] }))
      .thenThrows(UnknownCampaignTemplate, /no-such-mail/))

  it('takes new steps and triggers', () => {
    const { isActive: _isActive, ...unchanged } = create()
    const update: CampaignCommand = { ...unchanged, type: 'UpdateCampaign' }
    given([created])
      .when(update)
      .then([
        EmailCampaignUpdated({
          campaignId,
          name: 'Welcome',
          description: 'First days',
          steps: welcome.steps,
          triggers: welcome.triggers,
          updatedBy: 'admin-1',
          updatedAt: at,
        }),
      ])
  })

  it('cannot change a campaign that does not exist', () => {
    const { isActive: _isActive, ...unchanged } = create()
    given([])
      .when({ ...unchanged, type: 'UpdateCampaign' })
      .thenThrows(CampaignNotFound)
    given([]).when(activate).thenThrows(CampaignNotFound)
  })

  it('is activated and paused, each once', () => {
    given([created]).when(activate).then([activated])
    given([created, activated]).when(activate).thenNothingHappens()
    given([created, activated])
      .when(pause)
      .then([EmailCampaignPaused({ campaignId, by: 'admin-1', at })])
    given([created]).when(pause).thenNothingHappens()
  })

  describe('saving over a change made since the form had the campaign', () => {
    const later = '2026-11-24T09:00:00.000Z'

    it('refuses a save over another admin’s save', () =>
      given([created, updated(later)])
        .when(save(at, { ...welcome, description: 'Only the description' }))
        .thenThrows(CampaignChangedSinceOpened, 'This campaign was changed since you opened it'))

    it('refuses a save over an activation or a pause', () => {
      const activatedLater = EmailCampaignActivated({ campaignId, by: 'admin-2', at: later })
      given([created, activatedLater]).when(save(at)).thenThrows(CampaignChangedSinceOpened)
      const pausedLater = EmailCampaignPaused({ campaignId, by: 'admin-2', at: '2026-11-24T09:30:00.000Z' })
      given([created, activatedLater, pausedLater]).when(save(later)).thenThrows(CampaignChangedSinceOpened)
    })

    it('takes a save based on the form’s own previous save, which the version it opened no longer matches', () => {
      const ownSave = updated('2026-11-24T10:00:00.000Z')
      given([created, ownSave])
        .when(save('2026-11-24T10:00:00.000Z', welcome, '2026-11-24T10:05:00.000Z'))
        .then([updated('2026-11-24T10:05:00.000Z', welcome)])
      given([created, ownSave]).when(save(at, welcome)).thenThrows(CampaignChangedSinceOpened)
    })
  })

  describe('activating or pausing what the screen showed', () => {
    const later = '2026-11-24T09:00:00.000Z'
    const activateSeen = (basedOn: string | undefined): CampaignCommand => ({ ...activate, basedOn })
    const pausedLater = EmailCampaignPaused({ campaignId, by: 'admin-2', at: later })

    it('refuses to activate steps another admin saved since the screen showed the campaign', () =>
      given([created, updated(later)])
        .when(activateSeen(at))
        .thenThrows(
          CampaignChangedBeforeActivation,
          /changed since you last saw it.*look at it again before activating/is,
        ))

    it('refuses to activate a campaign another admin activated and paused since', () =>
      given([created, EmailCampaignActivated({ campaignId, by: 'admin-2', at: later }), pausedLater])
        .when(activateSeen(at))
        .thenThrows(CampaignChangedBeforeActivation))

    it('activates the campaign as the screen showed it, and one activated already stays so', () => {
      given([created, updated(later)])
        .when(activateSeen(later))
        .then([activated])
      given([created, updated(later), activated])
        .when(activateSeen(at))
        .thenNothingHappens()
    })

    it('activates without basedOn (an older client) as it comes', () =>
      given([created, updated(later)])
        .when(activateSeen(undefined))
        .then([activated]))

    it('pauses whatever changed since: a pause mails no one and writes over nothing', () =>
      given([created, activated, updated(later)])
        .when(pause)
        .then([EmailCampaignPaused({ campaignId, by: 'admin-1', at })]))
  })

  describe('deleting', () => {
    const later = '2026-11-24T09:00:00.000Z'
    const deleteSeen = (basedOn?: string): CampaignCommand => ({
      type: 'DeleteCampaign',
      campaignId,
      basedOn,
      adminId: 'admin-1',
      at: later,
    })
    const deleted = EmailCampaignDeleted({ campaignId, by: 'admin-1', at: later })

    it('deletes a paused campaign', () => given([created]).when(deleteSeen(at)).then([deleted]))

    it('deletes an active campaign as it is: its members get no further step', () =>
      given([created, activated]).when(deleteSeen(at)).then([deleted]))

    it('deletes without basedOn (the API used directly) as it comes', () =>
      given([created, updated(later)])
        .when(deleteSeen())
        .then([deleted]))

    it('refuses a campaign that does not exist', () =>
      given([]).when(deleteSeen()).thenThrows(CampaignNotFound, 'There is no campaign with that id.'))

    it('refuses a campaign deleted already', () =>
      given([created, deleted]).when(deleteSeen()).thenThrows(CampaignNotFound))

    it('refuses to delete a campaign changed since the screen showed it', () =>
      given([created, updated(later)])
        .when(deleteSeen(at))
        .thenThrows(CampaignChangedBeforeDeletion, /look at it again before deleting/i))

    it('finds no campaign to save, activate or pause once it is deleted', () => {
      given([created, deleted]).when(save(undefined)).thenThrows(CampaignNotFound)
      given([created, deleted]).when(activate).thenThrows(CampaignNotFound)
      given([created, activated, deleted]).when(pause).thenThrows(CampaignNotFound)
    })
  })
})
