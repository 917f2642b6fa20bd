/**
 * "Pick one for me": a place in the list shown, at random, and never the one just shown when there
 * is another (a second press that gave the same title again would read as the button not working).
 * `random` is `Math.random`'s contract: a number in [0, 1).
 */
export function pickPlace(count: number, current: number | null, random: () => number = Math.random): number | null {
  if (count <= 0) return null
  if (count === 1) return 0
  if (current === null || current < 0 || current >= count) return Math.floor(random() * count)
  // One of the other count − 1 places, evenly: count up from the current one, wrapping round.
  return (current + 1 + Math.floor(random() * (count - 1))) % count
}
