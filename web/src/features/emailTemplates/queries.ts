import { queryOptions } from '@tanstack/react-query'
import { emailTemplateCalls } from './emailTemplateCalls'

export const emailTemplateKeys = { all: ['admin', 'email-templates'] as const }

export const emailTemplatesQuery = () =>
  queryOptions({ queryKey: emailTemplateKeys.all, queryFn: emailTemplateCalls.list })
