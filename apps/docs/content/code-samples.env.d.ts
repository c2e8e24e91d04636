// Ambient names the code samples of the guides may use without declaring them. The code-sample
// check (features/code-samples) compiles every TypeScript block of the docs with this file.

/** The part of the Deno runtime our edge-function samples call. */
declare namespace Deno {
  function serve(handler: (request: Request) => Response | Promise<Response>): { finished: Promise<void> }
  const env: { get(name: string): string | undefined }
}

/** SvelteKit generates these modules from the app's `.env`; our samples use these two names. */
declare module '$env/static/public' {
  export const PUBLIC_SUPABASE_URL: string
  export const PUBLIC_SUPABASE_ANON_KEY: string
}
