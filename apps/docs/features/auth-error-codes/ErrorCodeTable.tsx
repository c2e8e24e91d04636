import { Fragment, type ReactNode } from 'react'
import { Island } from '@/components/ui/Island'
import { ErrorCodeFilter } from './ErrorCodeFilter.client'
import { authErrorCodes, rowIdFor, searchTextFor } from './error-codes'

/** Renders `backtick` spans of the catalogue's plain text as inline code. */
function withInlineCode(text: string): ReactNode {
  return text
    .split(/(`[^`]+`)/)
    .map((part, index) =>
      part.startsWith('`') && part.endsWith('`') ? (
        <code key={index}>{part.slice(1, -1)}</code>
      ) : (
        <Fragment key={index}>{part}</Fragment>
      ),
    )
}

/** A code with break opportunities after its underscores, so a long one wraps inside its column. */
function breakableCode(code: string): ReactNode {
  return code.split('_').map((part, index, parts) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          _<wbr />
        </>
      ) : null}
    </Fragment>
  ))
}

/** The table of every auth error code, sorted by code, with a filter box above it. */
export function ErrorCodeTable() {
  const codes = [...authErrorCodes].sort((a, b) => a.code.localeCompare(b.code))
  const table = (
    <div
      className="table-scroll my-3 overflow-x-auto"
      role="region"
      aria-label="Auth error codes"
      tabIndex={0}
    >
      <table data-error-codes>
        <thead>
          <tr>
            <th scope="col">Code</th>
            <th scope="col">HTTP status</th>
            <th scope="col">What it means</th>
            <th scope="col">What to do</th>
          </tr>
        </thead>
        <tbody>
          {codes.map((entry) => (
            // The row id is the deep link (`#code-otp_expired`); the code sits in a heading so the
            // search index, which splits pages at headings, gives each code its own result.
            <tr
              key={entry.code}
              id={rowIdFor(entry.code)}
              data-search={searchTextFor(entry)}
              className="scroll-mt-28 lg:scroll-mt-24"
            >
              <th scope="row" className="text-left align-top">
                <h3 className="error-code-name">
                  <code>{breakableCode(entry.code)}</code>
                </h3>
              </th>
              <td data-statuses className="whitespace-nowrap">{entry.statuses.length > 0 ? entry.statuses.join(', ') : 'none'}</td>
              <td>{withInlineCode(entry.meaning)}</td>
              <td>{withInlineCode(entry.action)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
  return (
    <Island
      name="ErrorCodeFilter"
      component={ErrorCodeFilter}
      props={{ total: codes.length, scopeId: 'error-codes' }}
      slots={{ children: table }}
    />
  )
}
