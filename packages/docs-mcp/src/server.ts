/**
 * The MCP server over one built site: its tools and resources. Each tool checks its input with
 * a schema, answers with structured content (and the same as text), and turns a refusal into a
 * tool error whose message says what to do instead; an unexpected failure is logged and
 * answered without its details, so no stack trace reaches a client.
 */
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js'
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  type CallToolResult,
  type ListResourcesResult,
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { getPage, MAX_ADDRESS_LENGTH } from './pages'
import { apiOperation, authError, cliCommand, clientFunction } from './reference-tools'
import { MAX_QUERY_LENGTH, MAX_RESULTS, PRODUCTS, searchDocs, type Product } from './search'
import type { DocsSite } from './site'
import { MAX_SQL_LENGTH, sqlToRest } from './sql-tool'
import { ToolAnswerError } from './tool-error'

export const SERVER_VERSION = '1.0.0'

/** URI of llms.txt and the template of every page's Markdown copy. */
export const LLMS_TXT_URI = 'docs://llms.txt'
export const PAGE_URI_TEMPLATE = 'docs://page/{+path}'

/** Resources one `resources/list` answer holds; `nextCursor` leads to the rest. */
export const RESOURCE_LIST_PAGE_SIZE = 100

/**
 * One page of the resource list: llms.txt, then every page's Markdown copy in path order. The
 * cursor is the offset of the next entry, so an answer stays small however many pages the site
 * has (the whole list in one answer was about 150 KB, and a batch of them megabytes).
 */
export function listResources(site: DocsSite, cursor: string | undefined): ListResourcesResult {
  const entries = [
    { uri: LLMS_TXT_URI, name: 'llms.txt', title: 'llms.txt', mimeType: 'text/markdown' },
    ...[...site.pagePaths].sort().map((sitePath) => ({
      uri: `docs://page${sitePath}`,
      name: sitePath,
      mimeType: 'text/markdown',
    })),
  ]
  let start = 0
  if (cursor !== undefined) {
    start = /^\d{1,7}$/.test(cursor) ? Number(cursor) : Number.NaN
    if (!(start > 0 && start < entries.length))
      throw new McpError(ErrorCode.InvalidParams, 'Invalid cursor: pass the nextCursor of the previous answer.')
  }
  const end = start + RESOURCE_LIST_PAGE_SIZE
  return { resources: entries.slice(start, end), ...(end < entries.length ? { nextCursor: String(end) } : {}) }
}

const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

/** Nested objects (parameters, schema properties) are described by their own fields. */
const nested = z.array(z.record(z.string(), z.unknown()))

const searchOutput = {
  query: z.string(),
  results: z.array(
    z.object({
      title: z.string(),
      url: z.string(),
      path: z.string(),
      area: z.string(),
      section: z.string().optional(),
      excerpt: z.string(),
    }),
  ),
  correctedTo: z.string().optional(),
  reason: z.string().optional(),
}

const pageOutput = {
  url: z.string(),
  path: z.string(),
  title: z.string(),
  section: z.string().optional(),
  markdown: z.string(),
}

const cliOutput = {
  command: z.string(),
  url: z.string(),
  summary: z.string(),
  description: z.string().optional(),
  usage: z.string(),
  flags: z.array(
    z.object({
      name: z.string(),
      shorthand: z.string().optional(),
      type: z.string(),
      default: z.string().nullable(),
      acceptedValues: z.array(z.string()).optional(),
      required: z.boolean(),
      inherited: z.boolean(),
      description: z.string(),
    }),
  ),
  subcommands: z.array(z.object({ command: z.string(), summary: z.string(), url: z.string().optional() })),
  examples: z.array(z.object({ name: z.string(), code: z.string(), output: z.string().optional() })),
}

const functionOutput = {
  function: z.string(),
  title: z.string(),
  version: z.enum(['v1', 'v2']),
  url: z.string(),
  description: z.string().optional(),
  params: nested,
  examples: z.array(
    z.object({
      name: z.string(),
      description: z.string().optional(),
      code: z.string(),
      response: z.string().optional(),
    }),
  ),
  notes: z.string().optional(),
}

const operationOutput = {
  operationId: z.string(),
  title: z.string(),
  method: z.string(),
  path: z.string(),
  url: z.string(),
  deprecated: z.boolean(),
  description: z.string().optional(),
  parameters: z.array(
    z.object({
      name: z.string(),
      in: z.string(),
      required: z.boolean(),
      type: z.string(),
      description: z.string().optional(),
    }),
  ),
  requestBody: z
    .object({
      required: z.boolean(),
      contentType: z.string(),
      schema: z.record(z.string(), z.unknown()).optional(),
      example: z.string().optional(),
    })
    .optional(),
  requestExample: z.string().optional(),
  responses: z.array(
    z.object({
      status: z.string(),
      description: z.string(),
      schema: z.record(z.string(), z.unknown()).optional(),
      example: z.string().optional(),
    }),
  ),
}

const authErrorOutput = {
  code: z.string(),
  statuses: z.array(z.number()),
  meaning: z.string(),
  action: z.string(),
  url: z.string(),
}

const sqlOutput = {
  ok: z.boolean(),
  method: z.string().optional(),
  curl: z.string().optional(),
  http: z.string().optional(),
  supabaseJs: z.string().optional(),
  error: z.object({ kind: z.string(), message: z.string(), hint: z.string() }).optional(),
  warnings: z.array(z.string()).optional(),
}

/** Runs a tool's work and shapes its answer; `text` is the text content (JSON unless given). */
async function answer<T extends object>(
  tool: string,
  work: () => T | Promise<T>,
  text: (value: T) => string = (value) => JSON.stringify(value, null, 2),
): Promise<CallToolResult> {
  try {
    const value = await work()
    return {
      content: [{ type: 'text', text: text(value) }],
      structuredContent: { ...value } as Record<string, unknown>,
    }
  } catch (error) {
    if (error instanceof ToolAnswerError)
      return { isError: true, content: [{ type: 'text', text: error.message }] }
    console.error(`docs-mcp: ${tool} failed:`, error)
    return {
      isError: true,
      content: [
        {
          type: 'text',
          text: `${tool} could not answer because of an error in the server. Try again later.`,
        },
      ],
    }
  }
}

export function createDocsMcpServer(site: DocsSite): McpServer {
  const server = new McpServer(
    { name: 'basebox-docs', title: 'Basebox Docs', version: SERVER_VERSION },
    {
      instructions:
        'Answers questions about Basebox (Supabase-compatible: supabase CLI 1.187, supabase-js v2, PostgREST 12.2) from its documentation. ' +
        'Search with search_docs, then read a page with get_page. For exact facts use cli_command, client_function, api_operation, auth_error and sql_to_rest.',
    },
  )

  server.registerTool(
    'search_docs',
    {
      title: 'Search the docs',
      description:
        'Searches the Basebox documentation (guides, CLI reference, supabase-js reference, Management API reference) with the same ranking as the search box on the site, ' +
        'and returns the best pages first with their title, URL, area, best-matching section heading and an excerpt. Use it to find which page answers a question, ' +
        'then call get_page with a result URL to read it. `product` keeps only pages of one product: guides, cli, javascript (supabase-js v2), javascript-v1 or api. ' +
        'An empty query or one with no match returns no results and a `reason`.',
      inputSchema: {
        query: z
          .string()
          .max(MAX_QUERY_LENGTH)
          .describe('Words to search for, as a reader would type them: "row level security", "otp_expired".'),
        limit: z
          .number()
          .int()
          .min(1)
          .max(MAX_RESULTS)
          .optional()
          .describe(`Results wanted, 1 to ${MAX_RESULTS} (5 by default).`),
        product: z
          .enum(Object.keys(PRODUCTS) as [Product, ...Product[]])
          .optional()
          .describe('Only pages of this product.'),
      },
      outputSchema: searchOutput,
      annotations: readOnly,
    },
    ({ query, limit, product }) =>
      answer('search_docs', () =>
        searchDocs(site, query, { ...(limit ? { limit } : {}), ...(product ? { product } : {}) }),
      ),
  )

  server.registerTool(
    'get_page',
    {
      title: 'Read a docs page',
      description:
        'Returns one page of the documentation as Markdown, exactly the text of its Markdown copy (the page URL plus .md), with its URL and title. ' +
        'Accepts a full URL, a path such as /guides/database/row-level-security or /reference/cli/supabase-db-push, with or without .md. ' +
        'With a section anchor (/guides/auth/passwords#reset-a-forgotten-password) only that section is returned; an unknown anchor lists the sections the page has. ' +
        'An unknown page answers with the closest existing paths.',
      inputSchema: {
        url_or_path: z.string().max(MAX_ADDRESS_LENGTH).describe('Page URL or path, optionally with #section.'),
      },
      outputSchema: pageOutput,
      annotations: readOnly,
    },
    ({ url_or_path }) =>
      answer(
        'get_page',
        () => getPage(site, url_or_path),
        (page) => page.markdown,
      ),
  )

  server.registerTool(
    'cli_command',
    {
      title: 'CLI command reference',
      description:
        'Returns a supabase CLI 1.187 command exactly as the CLI reference documents it: usage line, summary and description, every flag with its type, default, ' +
        'accepted values and whether it is required or inherited from a parent command, the subcommands, and examples with their output. ' +
        'Name the command with or without "supabase": "db push", "supabase gen types typescript", "functions deploy". An unknown name answers with the closest commands.',
      inputSchema: { name: z.string().max(200).describe('The command: "db push" or "supabase db push".') },
      outputSchema: cliOutput,
      annotations: readOnly,
    },
    ({ name }) => answer('cli_command', () => cliCommand(site, name)),
  )

  server.registerTool(
    'client_function',
    {
      title: 'supabase-js function reference',
      description:
        'Returns a function of the JavaScript client library supabase-js as its reference documents it: description, parameters (type, required, default, nested properties), ' +
        'examples with the responses they return, and notes. Accepts "select", "auth.signInWithOtp", "supabase.storage.from().upload()" or the reference slug. ' +
        'version is v2 (the default, current) or v1 (the older library). An unknown name answers with the closest functions.',
      inputSchema: {
        name: z.string().max(200).describe('Function name: "signInWithOtp", "auth.admin.listUsers", "rpc".'),
        version: z.enum(['v2', 'v1']).optional().describe('Library version, v2 by default.'),
      },
      outputSchema: functionOutput,
      annotations: readOnly,
    },
    ({ name, version }) => answer('client_function', () => clientFunction(site, name, version ?? 'v2')),
  )

  server.registerTool(
    'api_operation',
    {
      title: 'Management API operation',
      description:
        'Returns one operation of the Management API: method and path, parameters (where they go, type, required), the request body schema, a curl request example ' +
        'and every documented response with its schema. Name it by operation id (v1-list-all-projects), by "METHOD /path" (GET /v1/projects/{ref}) or by a path ' +
        'with real values (/v1/projects/abcdefghijklmnopqrst/functions). A path several methods share asks for the method; an unknown one lists the closest operation ids.',
      inputSchema: {
        operationId_or_path: z.string().max(500).describe('Operation id, "METHOD /path" or a path.'),
      },
      outputSchema: operationOutput,
      annotations: readOnly,
    },
    ({ operationId_or_path }) => answer('api_operation', () => apiOperation(site, operationId_or_path)),
  )

  server.registerTool(
    'auth_error',
    {
      title: 'Auth error code',
      description:
        'Explains an error code the auth server returns in error.code (otp_expired, email_not_confirmed, over_email_send_rate_limit, ...): what it means, ' +
        'the HTTP statuses it comes with and what to do about it, from the table of the auth error-codes guide, with a link to its row. ' +
        'An unknown code answers with the closest known codes.',
      inputSchema: { code: z.string().max(200).describe('The error code, such as "otp_expired".') },
      outputSchema: authErrorOutput,
      annotations: readOnly,
    },
    ({ code }) => answer('auth_error', () => authError(site, code)),
  )

  server.registerTool(
    'sql_to_rest',
    {
      title: 'SQL to REST',
      description:
        'Translates one SQL statement (SELECT, INSERT, UPDATE, DELETE or a function call) into the equivalent PostgREST 12.2 request of the auto-generated REST API, ' +
        "rendered as curl, as a raw HTTP request and as supabase-js code, with the site's SQL-to-REST translator. Nothing is run. A statement the REST API cannot " +
        'express answers ok: false with the error kind, message and a hint on what to write instead. base_url is the REST endpoint (https://<project>.supabase.co/rest/v1).',
      inputSchema: {
        sql: z.string().max(MAX_SQL_LENGTH).describe('One SQL statement.'),
        base_url: z
          .string()
          .url()
          .max(2048)
          .optional()
          .describe('REST endpoint used in curl and HTTP output.'),
      },
      outputSchema: sqlOutput,
      annotations: readOnly,
    },
    ({ sql, base_url }) => answer('sql_to_rest', () => sqlToRest(sql, base_url)),
  )

  server.registerResource(
    'llms.txt',
    LLMS_TXT_URI,
    {
      title: 'llms.txt',
      description: 'Index of every page, with a link to its Markdown.',
      mimeType: 'text/markdown',
    },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: await site.llmsTxt() }] }),
  )

  server.registerResource(
    'page',
    // Listed by the paged `resources/list` handler below, not by the SDK's unpaged one.
    new ResourceTemplate(PAGE_URI_TEMPLATE, { list: undefined }),
    {
      title: 'Docs page',
      description: 'A page of the docs as Markdown: docs://page/guides/database/row-level-security.',
      mimeType: 'text/markdown',
    },
    async (uri, variables) => {
      const raw = variables.path
      const sitePath = `/${Array.isArray(raw) ? raw.join('/') : (raw ?? '')}`
      if (sitePath.length > MAX_ADDRESS_LENGTH)
        throw new McpError(ErrorCode.InvalidParams, `A page path has at most ${MAX_ADDRESS_LENGTH} characters.`)
      try {
        const page = await getPage(site, sitePath)
        return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: page.markdown }] }
      } catch (error) {
        // The protocol layer sends a thrown error's code and message as they are.
        if (error instanceof ToolAnswerError)
          throw Object.assign(new Error(error.message), { code: ErrorCode.InvalidParams })
        throw error
      }
    },
  )
  server.server.removeRequestHandler(ListResourcesRequestSchema.shape.method.value)
  server.server.setRequestHandler(ListResourcesRequestSchema, (request) =>
    listResources(site, request.params?.cursor),
  )
  return server
}
