/** Outline icon paths (24×24) for the navigation. */
export const navIcons = {
  home: 'M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16l-4.3-4.3',
  bookmark: 'M6 3h12v18l-6-4-6 4z',
  feed: 'M4 5h16M4 12h16M4 19h10',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 9a7 7 0 0 1 14 0',
  check: 'M5 12l5 5L20 7',
  people: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 10a7 7 0 0 1 14 0m1-10a3 3 0 1 0 0-6m2 16a6 6 0 0 0-3-5',
  gift: 'M4 10h16v11H4zM2 6h20v4H2zm10 0v15M12 6c-2-4-6-4-6-1s6 1 6 1zm0 0c2-4 6-4 6-1s-6 1-6 1z',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  news: 'M5 4h12v16H6a1 1 0 0 1-1-1zm12 4h2v11a1 1 0 0 1-2 0M8 8h6M8 12h6M8 16h4',
} as const
export type NavIcon = keyof typeof navIcons
