// Ambient names the code samples of the guides may use without declaring them. The code-sample
// check (features/code-samples) compiles every TypeScript block of the docs with this file.

/** The part of the Deno runtime our edge-function samples call. */
declare namespace Deno {
  function serve(handler: (request: Request) => Response | Promise<Response>): { finished: Promise<void> }
  const env: { get(name: string): string | undefined }
  /** Registers a test for `deno test` (the one-function form of Deno's own overloads). */
  function test(name: string, fn: () => void | Promise<void>): void
  /** Deno's `Deno.UpgradeWebSocketOptions` (lib.deno.ns.d.ts). */
  interface UpgradeWebSocketOptions {
    /** The subprotocol to answer with; it must be one the client offered. */
    protocol?: string
    /** Seconds without a pong to the server's ping before the socket is closed. */
    idleTimeout?: number
  }
  /** Deno's `Deno.WebSocketUpgrade`: the socket, and the 101 response to return for it. */
  interface WebSocketUpgrade {
    response: Response
    socket: WebSocket
  }
  /** Upgrades an incoming request to a WebSocket (edge-runtime exposes Deno's own). */
  function upgradeWebSocket(request: Request, options?: UpgradeWebSocketOptions): WebSocketUpgrade
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

/**
 * The Nuxt 3 auto-imports our Nuxt samples use, with the signatures of nuxt 3.21.11
 * (dist/app/nuxt.d.ts, config.d.ts) and @nuxt/schema 3.21.11 (RuntimeConfig): the package is too
 * heavy to install for type-checking a few files. In an app, `nuxi prepare` adds the keys of
 * `runtimeConfig.public` and each plugin's `provide` helpers to these types; the ones below are
 * those the samples define.
 */
declare namespace NuxtSamples {
  /** `PublicRuntimeConfig`: an open record, plus the keys the samples' nuxt.config sets. */
  interface PublicRuntimeConfig {
    [key: string]: unknown
    supabaseUrl: string
    supabaseAnonKey: string
  }
  interface RuntimeConfig {
    [key: string]: unknown
    public: PublicRuntimeConfig
  }
  /** `_NuxtApp`, what a plugin receives: helpers provided by plugins are not typed on it. */
  interface NuxtAppBase {
    [key: string]: unknown
    $config: RuntimeConfig
    provide: (name: string, value: unknown) => void
  }
  /** `NuxtApp`, what `useNuxtApp()` returns: `$supabase` comes from the sample's `plugins/supabase.client.ts`. */
  interface NuxtApp extends NuxtAppBase {
    $supabase: import('@supabase/supabase-js').SupabaseClient
  }
  /** nuxt/app `Plugin`: a function of the app that may return helpers under `provide`. */
  type Plugin<Injections extends Record<string, unknown>> = (
    nuxtApp: NuxtAppBase,
  ) => Promise<void> | Promise<{ provide?: Injections }> | void | { provide?: Injections }
  /** nuxt/app `ObjectPlugin` (the fields a sample may set). */
  interface ObjectPlugin<Injections extends Record<string, unknown>> {
    name?: string
    enforce?: 'pre' | 'default' | 'post'
    order?: number
    dependsOn?: string[]
    parallel?: boolean
    setup?: Plugin<Injections>
  }
  /** The `nuxt.config` keys the samples set (`NuxtConfig` of @nuxt/schema is a deep partial of many more). */
  interface NuxtConfig {
    compatibilityDate?: string
    devtools?: boolean | { enabled?: boolean }
    runtimeConfig?: { public?: Record<string, unknown>; [key: string]: unknown }
  }
}
declare function defineNuxtConfig(config: NuxtSamples.NuxtConfig): NuxtSamples.NuxtConfig
declare function defineNuxtPlugin<T extends Record<string, unknown>>(
  plugin: NuxtSamples.Plugin<T> | NuxtSamples.ObjectPlugin<T>,
): NuxtSamples.Plugin<T> & NuxtSamples.ObjectPlugin<T>
declare function useRuntimeConfig(): NuxtSamples.RuntimeConfig
declare function useNuxtApp(): NuxtSamples.NuxtApp

/**
 * The part of React Native 0.88.1 (the version Expo SDK 58 bundles; `react-native` resolves to its
 * types_generated) our Expo samples use, with React Native's own names and prop types (a subset of
 * each): the package is too heavy to install.
 */
declare module 'react-native' {
  import type { ComponentType, ReactNode } from 'react'

  export type AppStateStatus = 'inactive' | 'background' | 'active' | 'extension' | 'unknown'
  type AppStateEventDefinitions = {
    change: [AppStateStatus]
    memoryWarning: []
    blur: []
    focus: []
  }
  export type AppStateEvent = keyof AppStateEventDefinitions
  export interface EventSubscription {
    remove(): void
  }
  export const AppState: {
    /** `null` until the first value is known. */
    currentState: null | undefined | string
    isAvailable: boolean
    addEventListener<K extends AppStateEvent>(
      type: K,
      handler: (...args: AppStateEventDefinitions[K]) => void,
    ): EventSubscription
  }

  /** A style, an array of styles, or a falsy value that adds nothing. */
  export type StyleProp<T> = null | void | T | false | '' | ReadonlyArray<StyleProp<T>>
  export interface ViewStyle {
    flex?: number
    gap?: number
    padding?: number
    paddingTop?: number
    paddingHorizontal?: number
    borderWidth?: number
    borderRadius?: number
    borderColor?: string
  }
  export interface TextStyle extends ViewStyle {
    color?: string
    fontSize?: number
    fontWeight?:
      | 'normal'
      | 'bold'
      | '100'
      | '200'
      | '300'
      | '400'
      | '500'
      | '600'
      | '700'
      | '800'
      | '900'
      | 100
      | 200
      | 300
      | 400
      | 500
      | 600
      | 700
      | 800
      | 900
  }
  export interface ViewProps {
    style?: StyleProp<ViewStyle>
    children?: ReactNode
  }
  export interface TextProps {
    style?: StyleProp<TextStyle>
    children?: ReactNode
  }
  export interface TextInputProps {
    value?: string
    onChangeText?: (text: string) => unknown
    placeholder?: string
    secureTextEntry?: boolean
    autoCapitalize?: 'none' | 'sentences' | 'words' | 'characters'
    autoComplete?: 'email' | 'current-password' | 'new-password' | 'password' | 'username' | 'off'
    keyboardType?: 'default' | 'email-address' | 'numeric' | 'phone-pad' | 'number-pad' | 'url'
    style?: StyleProp<TextStyle>
  }
  export interface ButtonProps {
    title: string
    onPress?: () => unknown
    disabled?: boolean
  }
  export interface ListRenderItemInfo<ItemT> {
    item: ItemT
    index: number
  }
  export interface FlatListProps<ItemT> {
    data: Readonly<ArrayLike<ItemT>> | undefined
    renderItem?: (info: ListRenderItemInfo<ItemT>) => ReactNode
    keyExtractor?: (item: ItemT, index: number) => string
    style?: StyleProp<ViewStyle>
  }
  export const View: ComponentType<ViewProps>
  export const Text: ComponentType<TextProps>
  export const TextInput: ComponentType<TextInputProps>
  export const Button: ComponentType<ButtonProps>
  export function FlatList<ItemT>(props: FlatListProps<ItemT>): ReactNode
  export const StyleSheet: {
    create<T extends Record<string, ViewStyle | TextStyle>>(styles: T): Readonly<T>
  }
}

/**
 * @react-native-async-storage/async-storage 2.2.0 (the version Expo SDK 58 bundles): its default
 * export and `AsyncStorageStatic` type, as in lib/typescript/types.d.ts.
 */
declare module '@react-native-async-storage/async-storage' {
  type Callback = (error?: Error | null) => void
  type CallbackWithResult<T> = (error?: Error | null, result?: T | null) => void
  type KeyValuePair = [string, string | null]
  type MultiCallback = (errors?: readonly (Error | null)[] | null) => void
  type MultiGetCallback = (errors?: readonly (Error | null)[] | null, result?: readonly KeyValuePair[]) => void
  export type AsyncStorageStatic = {
    getItem: (key: string, callback?: CallbackWithResult<string>) => Promise<string | null>
    setItem: (key: string, value: string, callback?: Callback) => Promise<void>
    removeItem: (key: string, callback?: Callback) => Promise<void>
    mergeItem: (key: string, value: string, callback?: Callback) => Promise<void>
    clear: (callback?: Callback) => Promise<void>
    getAllKeys: (callback?: CallbackWithResult<readonly string[]>) => Promise<readonly string[]>
    flushGetRequests: () => void
    multiGet: (keys: readonly string[], callback?: MultiGetCallback) => Promise<readonly KeyValuePair[]>
    multiSet: (keyValuePairs: ReadonlyArray<readonly [string, string]>, callback?: MultiCallback) => Promise<void>
    multiRemove: (keys: readonly string[], callback?: MultiCallback) => Promise<void>
    multiMerge: (keyValuePairs: [string, string][], callback?: MultiCallback) => Promise<void>
  }
  const AsyncStorage: AsyncStorageStatic
  export default AsyncStorage
}

/**
 * react-native-url-polyfill 4.0.0: importing `/auto` installs the URL polyfill (outside the web) and
 * exports nothing. The package ships no declaration for this entry point.
 */
declare module 'react-native-url-polyfill/auto' {}
