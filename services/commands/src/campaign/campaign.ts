import {
  EmailCampaignActivated,
  EmailCampaignCreated,
  EmailCampaignDeleted,
  EmailCampaignPaused,
  EmailCampaignUpdated,
  type CampaignDefinition,
  type EmailCampaignEvent,
} from '@reelmates/contracts/campaigns'
import { changedSince } from '../changedSince'
import { DomainError, type Decider } from '../decider'

export const campaignStreamId = (campaignId: string) => `email-campaign-${campaignId}`

export class CampaignNotFound extends DomainError {
  override readonly name = 'CampaignNotFound'
  constructor() {
    super('not_found', 'There is no campaign with that id.')
  }
}

export class CampaignAlreadyExists extends DomainError {
  override readonly name = 'CampaignAlreadyExists'
  constructor() {
    super('conflict', 'That campaign exists already.')
  }
}

export class UnknownCampaignTemplate extends DomainError {
  override readonly name = 'UnknownCampaignTemplate'
  constructor(unknown: string[], templates: readonly string[]) {
    super(
      'invalid',
      `A campaign step is sent from a campaign template (${templates.join(', ')}), not ${unknown.join(', ')}.`,
    )
  }
}

export class CampaignNameTaken extends DomainError {
  override readonly name = 'CampaignNameTaken'
  constructor() {
    const message = 'Another campaign has that name already.'
    // Also under the name field, where the form puts it right.
    super('conflict', message, { validationErrors: { name: message } })
  }
}

export class CampaignChangedSinceOpened extends DomainError {
  override readonly name = 'CampaignChangedSinceOpened'
  constructor() {
    super(
      'conflict',
      'This campaign was changed since you opened it (saved, activated or paused by another admin or in another tab). Copy your changes, reload the page and apply them again.',
    )
  }
}

export class CampaignChangedBeforeActivation extends DomainError {
  override readonly name = 'CampaignChangedBeforeActivation'
  constructor() {
    super(
      'conflict',
      'This campaign was changed since you last saw it (saved, activated or paused by another admin or in another tab). Look at it again before activating it.',
    )
  }
}

export class CampaignChangedBeforeDeletion extends DomainError {
  override readonly name = 'CampaignChangedBeforeDeletion'
  constructor() {
    super(
      'conflict',
      'This campaign was changed since you last saw it (saved, activated or paused by another admin or in another tab). Look at it again before deleting it.',
    )
  }
}

interface Checked {
  campaignId: string
  definition: CampaignDefinition
  /** The templates a step may use: the campaign templates (each with its unsubscribe link). */
  templates: readonly string[]
  adminId: string
  at: string
}

export type CampaignCommand =
  | ({ type: 'CreateCampaign'; isActive: boolean } & Checked)
  /** `basedOn`: when the campaign last changed as the form knew it; a save over a later change is refused. */
  | ({ type: 'UpdateCampaign'; basedOn?: string | undefined } & Checked)
  /**
   * `basedOn`: when the campaign last changed as the screen showed it; activating a later change
   * (steps nobody here has seen) is refused. A pause takes none: it mails no one and writes over nothing.
   */
  | { type: 'ActivateCampaign'; campaignId: string; basedOn?: string | undefined; adminId: string; at: string }
  | { type: 'PauseCampaign'; campaignId: string; adminId: string; at: string }
  /**
   * `basedOn`: when the campaign last changed as the screen showed it; deleting a later change (unseen)
   * is refused. An active campaign may be deleted as it is: its members get no further step.
   */
  | { type: 'DeleteCampaign'; campaignId: string; basedOn?: string | undefined; adminId: string; at: string }

export interface CampaignState {
  exists: boolean
  /** Deleted: every command but a create (which its stream refuses anyway) finds no campaign. */
  deleted: boolean
  isActive: boolean
  /** When it last changed (created, updated, activated or paused): the read model's `updatedAt`. */
  changedAt: string | null
}

function checkTemplates({ definition, templates }: Checked) {
  const unknown = definition.steps.map((step) => step.templateName).filter((name) => !templates.includes(name))
  if (unknown.length > 0) throw new UnknownCampaignTemplate([...new Set(unknown)], templates)
}

const definitionOf = ({ campaignId, definition }: Checked) => ({
  campaignId,
  name: definition.name,
  description: definition.description,
  steps: definition.steps,
  triggers: definition.triggers,
})

/** A campaign as admins shape it: its steps and triggers, and whether it runs. */
export const campaign: Decider<CampaignCommand, EmailCampaignEvent, CampaignState> = {
  initialState: () => ({ exists: false, deleted: false, isActive: false, changedAt: null }),
  evolve(state, event) {
    switch (event.type) {
      case 'EmailCampaignCreated':
        return { exists: true, deleted: false, isActive: event.data.isActive, changedAt: event.data.createdAt }
      case 'EmailCampaignUpdated':
        return { ...state, changedAt: event.data.updatedAt }
      case 'EmailCampaignActivated':
        return { ...state, isActive: true, changedAt: event.data.at }
      case 'EmailCampaignPaused':
        return { ...state, isActive: false, changedAt: event.data.at }
      case 'EmailCampaignDeleted':
        return { ...state, deleted: true, isActive: false, changedAt: event.data.at }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'CreateCampaign':
        if (state.exists) throw new CampaignAlreadyExists()
        checkTemplates(command)
        return [
          EmailCampaignCreated({
            ...definitionOf(command),
            isActive: command.isActive,
            createdBy: command.adminId,
            createdAt: command.at,
          }),
        ]
      case 'UpdateCampaign':
        if (!state.exists || state.deleted) throw new CampaignNotFound()
        if (changedSince(command.basedOn, state.changedAt)) throw new CampaignChangedSinceOpened()
        checkTemplates(command)
        return [EmailCampaignUpdated({ ...definitionOf(command), updatedBy: command.adminId, updatedAt: command.at })]
      case 'ActivateCampaign':
        if (!state.exists || state.deleted) throw new CampaignNotFound()
        // Active already (another admin was quicker): there is nothing to start, so nothing to refuse.
        if (state.isActive) return []
        if (changedSince(command.basedOn, state.changedAt)) throw new CampaignChangedBeforeActivation()
        return [EmailCampaignActivated({ campaignId: command.campaignId, by: command.adminId, at: command.at })]
      case 'PauseCampaign':
        if (!state.exists || state.deleted) throw new CampaignNotFound()
        return state.isActive
          ? [EmailCampaignPaused({ campaignId: command.campaignId, by: command.adminId, at: command.at })]
          : []
      case 'DeleteCampaign':
        if (!state.exists || state.deleted) throw new CampaignNotFound()
        if (changedSince(command.basedOn, state.changedAt)) throw new CampaignChangedBeforeDeletion()
        return [EmailCampaignDeleted({ campaignId: command.campaignId, by: command.adminId, at: command.at })]
    }
  },
}
