import { createFileRoute } from '@tanstack/react-router'
import { SchedulerScreen } from '../../components/admin/SchedulerScreen'

export const Route = createFileRoute('/_admin/admin/scheduler')({
  component: SchedulerScreen,
})
