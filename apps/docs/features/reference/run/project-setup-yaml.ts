/**
 * An example's project setup (`platform` in the spec) as the reader sees it beside the example:
 * YAML of what the setup makes, without the defaults the spec's schema filled in (empty lists, a
 * confirmed user, a verified factor).
 */
import { stringify } from 'yaml'
import type { ExamplePlatform } from '../schemas/client-library-spec'

export function projectSetupYaml(platform: ExamplePlatform): string {
  const shown = {
    key: platform.key,
    ...(platform.auth ? { auth: platform.auth } : {}),
    ...(platform.users.length > 0
      ? {
          users: platform.users.map(({ confirmed, factors, ...user }) => ({
            ...user,
            ...(confirmed ? {} : { confirmed }),
            ...(factors.length > 0
              ? {
                  factors: factors.map(({ verified, ...factor }) => ({
                    ...factor,
                    ...(verified ? {} : { verified }),
                  })),
                }
              : {}),
          })),
        }
      : {}),
    ...(platform.signedInAs ? { signedInAs: platform.signedInAs } : {}),
    ...(platform.signedInWithFactor ? { signedInWithFactor: platform.signedInWithFactor } : {}),
    ...(platform.buckets.length > 0 ? { buckets: platform.buckets } : {}),
    ...(platform.objects.length > 0 ? { objects: platform.objects } : {}),
    ...(Object.keys(platform.given).length > 0 ? { given: platform.given } : {}),
  }
  return stringify(shown, { lineWidth: 0 }).trimEnd()
}
