import type { AuthProvider } from './provider-catalogue'
import type { DrawnShape } from './provider-logos'

function Shape({ shape }: { shape: DrawnShape }) {
  switch (shape.kind) {
    case 'path':
      return <path d={shape.d} fill={shape.fill} />
    case 'rect':
      return (
        <rect
          x={shape.x}
          y={shape.y}
          width={shape.width}
          height={shape.height}
          rx={shape.rx}
          fill={shape.fill}
        />
      )
    case 'circle':
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} />
  }
}

/**
 * A provider's mark as inline SVG, rendered on the server (no image requests, no client code).
 * Decorative: the provider's name is always printed next to it.
 */
export function ProviderLogo({ provider, size = 28 }: { provider: AuthProvider; size?: number }) {
  const { logo } = provider
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="shrink-0"
      data-logo={provider.id}
    >
      {logo.source === 'simple-icons' ? (
        <path d={logo.icon.path} fill={provider.hasLightIcon ? 'currentColor' : `#${logo.icon.hex}`} />
      ) : (
        logo.shapes.map((shape, index) => <Shape key={index} shape={shape} />)
      )}
    </svg>
  )
}
