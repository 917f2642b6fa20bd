import { Fragment, type ReactNode } from 'react'

/**
 * An email address that wraps where a reader expects, after the `@` and before each dot
 * ("ivy@" / "example.com"), instead of wherever the line ends ("ivy@example.c" / "om"): the page
 * breaks any overlong word anywhere (`overflow-wrap: anywhere`), which only the longer parts still need.
 */
export function breakableAddress(email: string): ReactNode {
  return email.split(/(?<=@)|(?=\.)/).map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ))
}
