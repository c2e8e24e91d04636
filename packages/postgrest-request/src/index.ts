/**
 * PostgREST 12.2's request language, read and written in one place: the request model, the
 * query-string grammar (ported from `src/PostgREST/ApiRequest/QueryParams.hs`), `Prefer`
 * (`ApiRequest/Preferences.hs`), ranges (`RangeQuery.hs`), request bodies (`ApiRequest.hs`,
 * `getPayload`), the filter operators, and the text each part is written as.
 * No I/O: the REST engine reads requests with it, the SQL-to-REST translator writes and reads them.
 */
export type * from './model'
export { RequestFault, type PostgrestErrorBody, type RequestFaultBody } from './faults'
export { buildRequest, argumentParams } from './build-request'
export {
  parseRestParts,
  parseRestRequest,
  readRaw,
  readRequestParts,
  shellWords,
  splitTopLevel,
  type IgnoredText,
  type ParseRequestResult,
  type ParseRestOptions,
  type RawRequest,
  type RequestAction,
  type RequestParts,
} from './parse-request'
export { readQuery, readQueryString } from './query-string'
export {
  preferenceAppliedValue,
  readPreferences,
  type PreferenceOptions,
  type Preferences,
} from './preferences'
export {
  ALL_RANGE,
  LIMIT_ZERO_RANGE,
  contentRange,
  hasLimitZero,
  rangeLimit,
  rangeOffset,
  rangeStatusHeader,
  restrictRange,
  sameRange,
  type Range,
} from './range-query'
export { contentMediaType, getPayload, type Payload, type PayloadAction } from './payload'
export { FILTER_OPERATORS, FTS_OPERATORS, QUANTIFIABLE_OPERATORS, SIMPLE_OPERATORS } from './operators'
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
