// Ambient names the code samples of the guides may use without declaring them. The code-sample
// check (features/code-samples) compiles every TypeScript block of the docs with this file.

/** The part of the Deno runtime our edge-function samples call. */
declare namespace Deno {
  function serve(handler: (request: Request) => Response | Promise<Response>): { finished: Promise<void> }
  const env: { get(name: string): string | undefined }
  /** Registers a test for `deno test` (the one-function form of Deno's own overloads). */
  function test(name: string, fn: () => void | Promise<void>): void
}

/**
 * The edge runtime's global in a function (supabase/edge-runtime types/global.d.ts). Hosted
 * projects have it; the CLI 1.187 local runtime (v1.56.0) deletes it from functions, so samples
 * test for it before use.
 */
declare namespace EdgeRuntime {
  function waitUntil<T>(promise: Promise<T>): Promise<T>
}

/** SvelteKit generates these modules from the app's `.env`; our samples use these two names. */
declare module '$env/static/public' {
  export const PUBLIC_SUPABASE_URL: string
  export const PUBLIC_SUPABASE_ANON_KEY: string
}

/**
 * The part of Astro's endpoint API (`astro` package) our samples use, with Astro's own
 * signatures: the package itself is too heavy to install for type-checking a few endpoints.
 */
declare module 'astro' {
  export interface AstroCookieSetOptions {
    domain?: string
    expires?: Date
    httpOnly?: boolean
    maxAge?: number
    path?: string
    sameSite?: boolean | 'lax' | 'none' | 'strict'
    secure?: boolean
    partitioned?: boolean
    encode?: (value: string) => string
  }
  export interface AstroCookies {
    get(key: string): { value: string } | undefined
    has(key: string): boolean
    set(key: string, value: string | Record<string, unknown>, options?: AstroCookieSetOptions): void
    delete(key: string, options?: Pick<AstroCookieSetOptions, 'domain' | 'path'>): void
  }
  export interface APIContext {
    request: Request
    url: URL
    params: Record<string, string | undefined>
    cookies: AstroCookies
    redirect(path: string, status?: 301 | 302 | 303 | 307 | 308): Response
  }
  export type APIRoute = (context: APIContext) => Response | Promise<Response>
}
