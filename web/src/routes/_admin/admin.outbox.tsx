import { createFileRoute } from '@tanstack/react-router'
import { OutboxScreen } from '../../components/admin/OutboxScreen'

export const Route = createFileRoute('/_admin/admin/outbox')({
  component: OutboxScreen,
})
