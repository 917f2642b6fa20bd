// Said to visitors before they sign in, so only what holds with either catalog (the built-in one has
// no cast, trailers or streaming offers beyond each service's own titles; TMDB has them).
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
    text: 'Ratings, release dates, who made it and similar titles on one page.',
  },
  {
    id: 'trailers',
    title: 'Trailers in a tap',
    text: 'When a title has a trailer, play it on its page before you commit to a whole season.',
  },
  {
    id: 'stream',
    title: 'Know where to stream it',
    // Not "what is trending there": the built-in catalog's service pages say they show no trend.
    text: 'Netflix, Prime Video, Disney+, HBO Max or Hulu — browse titles you can stream on each.',
  },
] as const
export type FeatureSlideId = (typeof featureSlides)[number]['id']
