/**
 * The session-storage key of the reader's place before the sign-in trip (see return-position.ts).
 * A module of its own: every guide's widget stand-in checks the key at load, and importing it from
 * return-position.ts would ship the restoring code to every guide page.
 */
export const RETURN_POSITION_KEY = 'docs.project-config.return-position'
