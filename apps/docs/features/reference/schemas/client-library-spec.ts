/**
 * A client-library spec, one file per library version: `content/reference/javascript/v2/spec.yaml`
 * and `.../v1/spec.yaml`, each with `info` and `functions`. Code fields are raw code, no fences.
 */
import { z } from 'zod'
import { markdown, nonEmpty, reportDuplicates, slugLike } from './common'

export interface FunctionParam {
  name: string
  /** TypeScript type as shown to the reader: `string`, `{ count?: 'exact' }`, `Column[]`. */
  type: string
  optional?: boolean | undefined
  description?: string | undefined
  default_value?: string | undefined
  /** Members of an object parameter, rendered as a nested list. */
  properties?: FunctionParam[] | undefined
}

export const FunctionParamSchema: z.ZodType<FunctionParam> = z.strictObject({
  name: nonEmpty,
  type: nonEmpty,
  optional: z.boolean().optional(),
  description: markdown.optional(),
  default_value: z.string().optional(),
  get properties() {
    return z.array(FunctionParamSchema).optional()
  },
})

const TableCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()])

export const ExampleTableSchema = z
  .strictObject({
    name: nonEmpty,
    columns: z.array(nonEmpty).min(1),
    rows: z.array(z.array(TableCellSchema)).default([]),
  })
  .superRefine((table, ctx) => {
    table.rows.forEach((row, index) => {
      if (row.length !== table.columns.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['rows', index],
          message: `has ${row.length} cells but the table has ${table.columns.length} columns`,
        })
      }
    })
  })

/** The data an example runs against: the SQL that creates it and/or the resulting tables. */
export const ExampleDataSchema = z
  .strictObject({
    sql: z.string().optional(),
    tables: z.array(ExampleTableSchema).optional(),
  })
  .refine((data) => data.sql !== undefined || data.tables !== undefined, {
    message: 'needs `sql`, `tables` or both',
  })

const identifier = z.string().regex(/^[A-Za-z_$][\w$]*$/, 'is not a JavaScript name')
const email = z.string().regex(/^[^@\s]+@[^@\s]+$/, 'is not an email address')
const uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, 'is not a uuid')

/** A small text file the setup makes: its name, type and contents. */
export const SetupFileSchema = z.strictObject({ name: nonEmpty, type: nonEmpty, text: z.string() })

/** A user the setup creates with the admin API (service key), confirmed unless said otherwise. */
export const SetupUserSchema = z.strictObject({
  id: uuid.optional(),
  /** An email user is made with the admin API; a phone user signs up (the CLI confirms phones at once). */
  email: email.optional(),
  phone: z
    .string()
    .regex(/^\+\d{8,15}$/, 'is not a phone number in E.164 form')
    .optional(),
  password: z.string().min(6).optional(),
  confirmed: z.boolean().default(true),
  user_metadata: z.record(z.string(), z.json()).optional(),
  app_metadata: z.record(z.string(), z.json()).optional(),
  /** TOTP factors enrolled by the user; `verified` ones are verified with a right code. */
  factors: z
    .array(z.strictObject({ friendly_name: nonEmpty, verified: z.boolean().default(true) }))
    .default([]),
})

/**
 * A value the example's hidden preamble declares (`declare const factorId: string`), made by the
 * setup: the example receives it under that name. One key says what it is.
 */
export const SetupGivenSchema = z.union([
  /** A `File`. */
  z.strictObject({ file: SetupFileSchema }),
  /** An `<input type="file">` holding one file: `{ files: [File] }`. */
  z.strictObject({ fileInput: SetupFileSchema }),
  /** The id of a factor of the signed-in user, by friendly name. */
  z.strictObject({ factorId: nonEmpty }),
  /** The id of a new challenge of that factor. */
  z.strictObject({ challengeId: nonEmpty }),
  /** The code an authenticator app shows now for that factor. */
  z.strictObject({ totpCode: nonEmpty }),
  /** The code of the newest email sent to that address. */
  z.strictObject({ emailCode: email }),
  /** The link a confirmation email points to, `path?token_hash=…&type=…` on `site`. */
  z.strictObject({ emailLink: z.strictObject({ email, url: z.url() }) }),
  /** The signed-in session's access token, refresh token, or both as `{ access, refresh }`. */
  z.strictObject({ session: z.enum(['access_token', 'refresh_token', 'both']) }),
  /** An async function that resolves to this value (`declare function ask(): Promise<string>`). */
  z.strictObject({ resolves: z.json() }),
  /** React Native's `AppState`, whose listeners hear this state as soon as they are added. */
  z.strictObject({ appState: z.enum(['active', 'background']) }),
  /** A `Request` that carries the signed-in user's access token as a bearer. */
  z.strictObject({ authorizedRequest: z.url() }),
  /** The token of a signed upload URL made with the service key. */
  z.strictObject({ signedUploadToken: z.strictObject({ bucket: nonEmpty, path: nonEmpty }) }),
])

/**
 * The project an example of the auth or storage client runs against (`features/reference/run`):
 * made before the example through the platform's APIs with the service key, and shown to the
 * reader beside the example as the data source of a database example is.
 */
export const ExamplePlatformSchema = z
  .strictObject({
    /** The key the example's client is made with. */
    key: z.enum(['anon', 'service_role']).default('anon'),
    /** `[auth]` settings that differ from the CLI's `config.toml`. */
    auth: z
      .strictObject({
        enableAnonymousSignIns: z.boolean().optional(),
        enableConfirmations: z.boolean().optional(),
      })
      .optional(),
    users: z.array(SetupUserSchema).default([]),
    /** The client signs in as this user (email or phone, and password) before the example. */
    signedInAs: nonEmpty.optional(),
    /** Sign in with the factor of this name too (the session is `aal2`). */
    signedInWithFactor: nonEmpty.optional(),
    buckets: z
      .array(
        z.strictObject({
          id: nonEmpty,
          public: z.boolean().default(false),
          file_size_limit: z.union([z.number().int().positive(), nonEmpty]).optional(),
          allowed_mime_types: z.array(nonEmpty).optional(),
        }),
      )
      .default([]),
    objects: z
      .array(z.strictObject({ bucket: nonEmpty, name: nonEmpty, type: nonEmpty, text: z.string() }))
      .default([]),
    given: z.record(identifier, SetupGivenSchema).default({}),
  })
  .superRefine((platform, ctx) => {
    platform.users.forEach((user, index) => {
      if ((user.email === undefined) === (user.phone === undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['users', index],
          message: 'needs an email or a phone, one of them',
        })
      if (user.phone !== undefined && !user.password)
        ctx.addIssue({ code: 'custom', path: ['users', index], message: 'a phone user needs a password' })
    })
    const users = new Map(platform.users.map((user) => [user.email ?? user.phone, user]))
    const signedIn = platform.signedInAs === undefined ? undefined : users.get(platform.signedInAs)
    if (platform.signedInAs !== undefined && !signedIn?.password)
      ctx.addIssue({ code: 'custom', path: ['signedInAs'], message: 'is not a user with a password' })
    const factors = new Set(signedIn?.factors.map((factor) => factor.friendly_name))
    const needFactor = (name: string, path: PropertyKey[]) => {
      if (!factors.has(name))
        ctx.addIssue({ code: 'custom', path, message: `is not a factor of the signed-in user` })
    }
    if (platform.signedInWithFactor !== undefined)
      needFactor(platform.signedInWithFactor, ['signedInWithFactor'])
    const buckets = new Set(platform.buckets.map((bucket) => bucket.id))
    platform.objects.forEach((object, index) => {
      if (!buckets.has(object.bucket))
        ctx.addIssue({
          code: 'custom',
          path: ['objects', index, 'bucket'],
          message: 'is not a bucket of the setup',
        })
    })
    for (const [name, given] of Object.entries(platform.given)) {
      if ('factorId' in given) needFactor(given.factorId, ['given', name, 'factorId'])
      if ('challengeId' in given) needFactor(given.challengeId, ['given', name, 'challengeId'])
      if ('totpCode' in given) needFactor(given.totpCode, ['given', name, 'totpCode'])
      if (('session' in given || 'authorizedRequest' in given) && !signedIn)
        ctx.addIssue({ code: 'custom', path: ['given', name], message: 'needs `signedInAs`' })
    }
  })

/**
 * How an example with a data source (`features/reference/run`): by default it runs and its
 * response must be what the client returns.
 */
export const ExampleRunSchema = z
  .strictObject({
    /**
     * Paths of returned fields that change from run to run (`data.0.id`, `data.*.created_at`),
     * compared by type only.
     */
    varies: z
      .array(z.string().regex(/^(data|error|count)(\.([\w-]+|\*))*$/, 'is not a path such as data.0.id'))
      .optional(),
    /** Why the example cannot run on the reference's engine: it gets no Run button. */
    unavailable: nonEmpty.optional(),
  })
  .refine((run) => !(run.varies && run.unavailable), { message: 'an unavailable example has no `varies`' })

export const FunctionExampleSchema = z
  .strictObject({
    id: slugLike,
    name: nonEmpty,
    code: nonEmpty,
    /** Highlighting language of `code`; defaults to the spec's `info.language`. */
    lang: nonEmpty.optional(),
    description: markdown.optional(),
    /**
     * What the call returns. For an example with a data source: the JSON of
     * `{ data, error, count, status, statusText }`, where a field left out is `null`.
     */
    response: z.string().optional(),
    data: ExampleDataSchema.optional(),
    /** An auth or storage example: the project it runs against. */
    platform: ExamplePlatformSchema.optional(),
    run: ExampleRunSchema.optional(),
  })
  .refine((example) => example.data === undefined || example.platform === undefined, {
    path: ['platform'],
    message: 'an example has a data source (`data`) or a project (`platform`), not both',
  })
  .refine(
    (example) =>
      example.run?.varies === undefined || example.data !== undefined || example.platform !== undefined,
    {
      path: ['run'],
      message: 'only an example with a data source (`data`) or a project (`platform`) runs and has `varies`',
    },
  )

export const ClientFunctionSchema = z
  .strictObject({
    id: slugLike,
    title: nonEmpty,
    description: markdown.optional(),
    params: z.array(FunctionParamSchema).default([]),
    notes: markdown.optional(),
    examples: z.array(FunctionExampleSchema).default([]),
    /**
     * Older versions only: id of the function in the latest version's spec that replaces this one
     * when the name changed (v1 `auth-sign-in` -> v2 `auth-sign-in-with-password`), so the version
     * banner can link to it. Without it the banner looks for the same slug.
     */
    latest_id: slugLike.optional(),
  })
  .superRefine((fn, ctx) => {
    reportDuplicates(
      ctx,
      fn.examples,
      (e) => e.id,
      (i) => ['examples', i, 'id'],
      'example id',
    )
    reportDuplicates(
      ctx,
      fn.params,
      (p) => p.name,
      (i) => ['params', i, 'name'],
      'parameter',
    )
  })

export const ClientLibSpecInfoSchema = z.strictObject({
  id: slugLike,
  /** Library version the file documents: `2.45.0`. */
  version: nonEmpty,
  title: nonEmpty,
  /** Package name as installed: `@supabase/supabase-js`. */
  package: nonEmpty.optional(),
  /** Default highlighting language of examples (`ts`, `js`). */
  language: nonEmpty,
  source: nonEmpty.optional(),
  description: markdown.optional(),
})

export const ClientLibSpecSchema = z
  .strictObject({
    info: ClientLibSpecInfoSchema,
    functions: z.array(ClientFunctionSchema).min(1),
  })
  .superRefine((spec, ctx) => {
    reportDuplicates(
      ctx,
      spec.functions,
      (f) => f.id,
      (i) => ['functions', i, 'id'],
      'function id',
    )
  })

export type ExampleTable = z.infer<typeof ExampleTableSchema>
export type ExampleData = z.infer<typeof ExampleDataSchema>
export type ExamplePlatform = z.infer<typeof ExamplePlatformSchema>
export type SetupGiven = z.infer<typeof SetupGivenSchema>
export type FunctionExample = z.infer<typeof FunctionExampleSchema>
export type ExampleRun = z.infer<typeof ExampleRunSchema>
export type ClientFunction = z.infer<typeof ClientFunctionSchema>
export type ClientLibSpecInfo = z.infer<typeof ClientLibSpecInfoSchema>
export type ClientLibSpec = z.infer<typeof ClientLibSpecSchema>
