/**
 * Where the browser tests reach the site and the platform API. `npm test` picks free ports and
 * passes them in DOCS_PORT and PLATFORM_API_PORT (the site is built for the same ports); the
 * fallbacks are the ports `npm start` uses, for a run against its build.
 */
export const SITE_PORT = Number(process.env.DOCS_PORT ?? 3000)
export const API_PORT = Number(process.env.PLATFORM_API_PORT ?? 3001)
export const SITE_ORIGIN = `http://localhost:${SITE_PORT}`
export const API_ORIGIN = `http://localhost:${API_PORT}`
