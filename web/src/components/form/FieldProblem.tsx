/**
 * What is wrong with a field, said beside it: the field marked invalid and described by the message,
 * so a screen reader reads the problem with the field and a form can focus its first invalid field.
 */
export const problemIdOf = (fieldId: string) => `${fieldId}-problem`

/** The attributes of a field whose problem `FieldProblem` shows (none when it has none). */
export function problemProps(fieldId: string, problem: string | null | undefined) {
  return problem ? { 'aria-invalid': true as const, 'aria-describedby': problemIdOf(fieldId) } : {}
}

export function FieldProblem({
  fieldId,
  problem,
  className = 'mt-1 block text-xs text-red-300',
}: {
  fieldId: string
  problem: string | null | undefined
  className?: string
}) {
  return problem ? (
    <span id={problemIdOf(fieldId)} role="alert" className={className}>
      {problem}
    </span>
  ) : null
}
