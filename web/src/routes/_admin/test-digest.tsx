import { createFileRoute } from '@tanstack/react-router'
import { TestDigestScreen } from '../../components/admin/TestDigestScreen'

export const Route = createFileRoute('/_admin/test-digest')({
  component: TestDigestScreen,
})
