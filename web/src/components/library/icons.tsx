/** The few line icons the library screens use, drawn at 20×20 and hidden from screen readers. */
const paths = {
  bookmark: 'M5.5 3.5h9v13l-4.5-3-4.5 3z',
  bookmarkFilled: 'M5.5 3.5h9v13l-4.5-3-4.5 3z',
  eye: 'M1.8 10s3-5.5 8.2-5.5 8.2 5.5 8.2 5.5-3 5.5-8.2 5.5S1.8 10 1.8 10zM10 12.6a2.6 2.6 0 100-5.2 2.6 2.6 0 000 5.2z',
  check: 'M4 10.5l4 4 8-9',
  grip: 'M7 5h.01M13 5h.01M7 10h.01M13 10h.01M7 15h.01M13 15h.01',
  up: 'M10 15.5v-11M5 9l5-5 5 5',
  down: 'M10 4.5v11M5 11l5 5 5-5',
  trash: 'M4 6h12M8 6V4h4v2M6 6l.8 10h6.4L14 6',
  pencil: 'M13.5 3.5l3 3-9 9H4.5v-3z',
  grid: 'M3.5 3.5h5v5h-5zM11.5 3.5h5v5h-5zM3.5 11.5h5v5h-5zM11.5 11.5h5v5h-5z',
  list: 'M3.5 5h13M3.5 10h13M3.5 15h13',
  download: 'M10 3.5v9M6 9l4 4 4-4M4 16.5h12',
  lock: 'M5.5 9h9v7.5h-9zM7.5 9V6.5a2.5 2.5 0 015 0V9',
  thumb: 'M6.5 9.5l3-6c1.2 0 2 .8 2 2v2.5h4a1.5 1.5 0 011.5 1.7l-1 5.5a1.5 1.5 0 01-1.5 1.3H6.5zM3.5 9.5h3v8h-3z',
  plus: 'M10 4v12M4 10h12',
  send: 'M3 9.5l14-6-5 14-2.5-5.5z M9.5 12l7.5-8.5',
  more: 'M4.5 10h.01M10 10h.01M15.5 10h.01',
  rewatch: 'M15.5 10a5.5 5.5 0 1 1-1.6-3.9M14.5 3.2v3h-3',
  shuffle: 'M3 6h3.5l7 8H17M3 14h3.5l2-2.3M11.5 8.3l2-2.3H17M15 4l2 2-2 2M15 12l2 2-2 2',
} as const

export type IconName = keyof typeof paths

export function Icon({ name, className = 'h-5 w-5' }: { name: IconName; className?: string }) {
  const filled = name === 'bookmarkFilled'
  const dotted = name === 'grip' || name === 'more'
  return (
    <svg viewBox="0 0 20 20" className={className} aria-hidden="true" fill={filled ? 'currentColor' : 'none'}>
      <path
        d={paths[name]}
        stroke="currentColor"
        strokeWidth={dotted ? 2.6 : 1.7}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
