export declare const FEATURES_DIR: string
export declare const EXTRA_ENTRIES: Record<string, string[]>
export declare function featureNames(): string[]
export declare function deepImportPatterns(features?: string[]): { group: string[]; message: string }[]
