/**
 * Writes the reference data into the export (`/reference-data/*.json`): each library's section
 * model, the same one its pages and Markdown copies render, and the auth error-code table. The
 * docs MCP server answers exact questions (a command's flags, a function's parameters, an error
 * code) from these files, in the format `@docs/docs-mcp/reference-data` defines.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  AUTH_ERROR_CODES_FILE,
  REFERENCE_DATA_DIR,
  REFERENCE_DATA_FORMAT,
  referenceDataFile,
  type AuthErrorCodesInput,
  type ReferenceDataInput,
} from '@docs/docs-mcp/reference-data'
import { authErrorCodes } from '@/features/auth-error-codes'
import { REFERENCE_LIBRARIES, libraryBasePath, loadReferenceModel } from '@/features/reference'

/** The guide whose table lists the auth error codes. */
export const AUTH_ERROR_CODES_PAGE = '/guides/auth/error-codes'

export async function writeReferenceData(outDir: string): Promise<{ files: string[] }> {
  const dir = path.join(outDir, REFERENCE_DATA_DIR)
  mkdirSync(dir, { recursive: true })
  const files: string[] = []
  const write = (name: string, data: unknown) => {
    writeFileSync(path.join(dir, name), JSON.stringify(data))
    files.push(`/${REFERENCE_DATA_DIR}/${name}`)
  }
  for (const library of REFERENCE_LIBRARIES) {
    const model = await loadReferenceModel(library.key)
    const data: ReferenceDataInput = {
      format: REFERENCE_DATA_FORMAT,
      library: {
        key: library.key,
        name: library.name,
        path: libraryBasePath(library),
        ...(library.versionLabel ? { version: library.versionLabel } : {}),
      },
      specVersion: model.specVersion,
      sections: model.sections,
      sharedResponses: model.sharedResponses,
    }
    write(referenceDataFile(library.key), data)
  }
  const codes: AuthErrorCodesInput = {
    format: REFERENCE_DATA_FORMAT,
    page: AUTH_ERROR_CODES_PAGE,
    codes: authErrorCodes.map((entry) => ({ ...entry, statuses: [...entry.statuses] })),
  }
  write(AUTH_ERROR_CODES_FILE, codes)
  return { files }
}
