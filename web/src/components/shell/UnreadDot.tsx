/** The dot beside News when posts were published since the member last read it. */
export function UnreadDot() {
  return (
    <span className="ml-auto inline-flex items-center pl-2" title="New posts">
      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-reel" />
      <span className="sr-only">(new posts)</span>
    </span>
  )
}
