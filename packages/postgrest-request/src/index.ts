/**
 * PostgREST 12.2's request language, read and written in one place: the request model, the
 * query-string grammar (ported from `src/PostgREST/ApiRequest/QueryParams.hs`), `Prefer`
 * (`ApiRequest/Preferences.hs`), ranges, request bodies, and the text each part is written as.
 * No I/O: the REST engine reads requests with it, the SQL-to-REST translator writes and reads them.
 */
export type * from './model'
export type { PostgrestErrorBody, RequestFaultBody } from './faults'
export { buildRequest, argumentParams } from './build-request'
export {
  parseRestParts,
  parseRestRequest,
  readQuery,
  readQueryString,
  readRaw,
  shellWords,
  splitTopLevel,
  type IgnoredText,
  type ParseRequestResult,
  type ParseRestOptions,
  type Range,
  type RawRequest,
} from './parse-request'
export { readPreferences, type Preferences } from './preferences'
export {
  arrayElementText,
  arrayLiteralText,
  conditionValueText,
  embedPathText,
  fieldName,
  fieldText,
  filterKeyName,
  filterParam,
  groupBodyText,
  jsonPathText,
  listText,
  orderTermText,
  orderText,
  quoted,
  selectText,
} from './postgrest-text'
