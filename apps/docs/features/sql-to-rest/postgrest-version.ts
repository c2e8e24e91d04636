/**
 * The PostgREST version whose answers Run shows: `POSTGREST_VERSION` of `@docs/rest-engine`, which a
 * unit test holds this equal to. A copy, so the page's own script does not load the engine for it.
 */
export const POSTGREST_VERSION = '12.2'
