export const featureSlides = [
  {
    id: 'feed',
    title: 'See what your friends watch',
    text: 'Add friends and family to see what they watched, how they rated it and what they recommend.',
  },
  {
    id: 'watchlist',
    title: 'One watchlist for every service',
    text: 'Save titles from anywhere and put them in the order you want to watch.',
  },
  {
    id: 'details',
    title: 'Everything about a title',
    text: 'Cast, ratings, release dates and similar titles on one page.',
  },
  {
    id: 'trailers',
    title: 'Trailers in a tap',
    text: 'Watch the official trailer before you commit to a whole season.',
  },
  {
    id: 'stream',
    title: 'Know where to stream it',
    text: 'Netflix, Prime Video, Disney+, HBO Max or Hulu — see where it plays.',
  },
] as const
export type FeatureSlideId = (typeof featureSlides)[number]['id']
