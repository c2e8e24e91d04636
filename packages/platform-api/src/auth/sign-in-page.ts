import type { SeedUser } from '../seed/schema'

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const STYLE = `
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; padding: 1rem; display: grid; place-items: center; background: Canvas;
    color: CanvasText; overflow-wrap: anywhere; }
  main { width: 100%; max-width: 28rem; padding: 1.5rem; border: 1px solid #8884; border-radius: 12px; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  p { margin: 0 0 1rem; opacity: .8; line-height: 1.4; }
  main > :last-child { margin-bottom: 0; }
  ul { list-style: none; padding: 0; margin: 0 0 1rem; display: grid; gap: .5rem; }
  button { width: 100%; text-align: left; padding: .75rem 1rem; border-radius: 8px; border: 1px solid #8886;
    background: transparent; color: inherit; font: inherit; cursor: pointer; }
  button:hover, button:focus-visible { border-color: #3ecf8e; outline: 2px solid #3ecf8e; outline-offset: 1px; }
  .name { display: block; font-weight: 600; }
  .email { display: block; font-size: .875rem; opacity: .75; }
  a { color: inherit; }
`

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`
}

export interface SignInPageInput {
  productName: string
  users: readonly SeedUser[]
  returnTo: string
  state: string | undefined
}

/** Lists the seeded users; choosing one signs in as that user and returns to the docs. */
export function renderSignInPage({ productName, users, returnTo, state }: SignInPageInput): string {
  const hidden = [
    `<input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">`,
    state ? `<input type="hidden" name="state" value="${escapeHtml(state)}">` : '',
  ].join('')
  const choices = users
    .map(
      (user) => `<li><button type="submit" name="user_id" value="${escapeHtml(user.id)}">
<span class="name">${escapeHtml(user.name)}</span><span class="email">${escapeHtml(user.email)}</span>
</button></li>`,
    )
    .join('\n')
  return page(
    `Sign in to ${productName}`,
    `<h1>Sign in to ${escapeHtml(productName)}</h1>
<p>Local development sign-in: choose a user. You will go back to the docs page you came from.</p>
<form method="post" action="/auth/sign-in">${hidden}
<ul aria-label="Users">${choices}</ul>
</form>
<p><a href="${escapeHtml(returnTo)}">Cancel and go back</a></p>`,
  )
}

export function renderSignInError(
  productName: string,
  message: string,
  title = 'This sign-in link is not valid',
): string {
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}.</p>
<p>Open the sign-in link again from a page of the ${escapeHtml(productName)} docs.</p>`,
  )
}
