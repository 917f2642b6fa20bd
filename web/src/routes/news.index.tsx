import { createFileRoute } from '@tanstack/react-router'
import { NewsScreen } from '../components/shell/NewsScreen'

export const Route = createFileRoute('/news/')({
  component: function News() {
    return <NewsScreen />
  },
})
