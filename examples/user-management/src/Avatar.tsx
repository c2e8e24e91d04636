import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react'
import { describeStorageError } from './errorMessages'
import type { AppClient } from './supabaseClient'

interface AvatarProps {
  supabase: AppClient
  userId: string
  /**
   * The avatar's path in the `avatars` bucket, or an http(s) URL (a social provider's picture,
   * copied into the profile at sign-up), or null when the user has none.
   */
  path: string | null
  /** Called with the new path once the file is stored; saves it to the profile. */
  onUploaded: (path: string) => Promise<void>
  size?: number
}

/** Holds an object URL for a blob and revokes it when it is replaced or the component goes. */
function useObjectUrl(): [string | null, (blob: Blob | null) => void] {
  const [url, setUrl] = useState<string | null>(null)
  const show = useCallback((blob: Blob | null) => {
    setUrl(blob ? URL.createObjectURL(blob) : null)
  }, [])
  useEffect(() => {
    return () => {
      if (url) URL.revokeObjectURL(url)
    }
  }, [url])
  return [url, show]
}

/** `<user id>/<random>.<ext>`: one folder per user, a new name per upload so caches never lie. */
function avatarFilePath(userId: string, file: File): string {
  const fromName = /\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1]
  const fromType = file.type.split('/')[1]?.split('+')[0]
  const extension = (fromName ?? fromType ?? 'img').toLowerCase()
  const unique = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
  return `${userId}/${unique}.${extension}`
}

/** An avatar from elsewhere (`https://...`) is shown as is; anything else is a storage path. */
function externalImageUrl(path: string | null): string | null {
  return path !== null && /^https?:\/\//i.test(path) ? path : null
}

export function Avatar({ supabase, userId, path, onUploaded, size = 120 }: AvatarProps) {
  const [storedImage, showStoredImage] = useObjectUrl()
  const [pendingImage, showPendingImage] = useObjectUrl()
  const [error, setError] = useState<string | null>(null)
  // The path of the file this component just uploaded: it is on screen already.
  const uploadedPath = useRef<string | null>(null)

  const externalImage = externalImageUrl(path)

  useEffect(() => {
    if (path === null || externalImageUrl(path) !== null) {
      showStoredImage(null)
      return
    }
    if (path === uploadedPath.current) return
    let ignore = false
    async function downloadImage(from: string) {
      const { data, error: downloadError } = await supabase.storage.from('avatars').download(from)
      if (ignore) return
      if (downloadError) {
        setError(`Your photo could not be shown: ${describeStorageError(downloadError)}`)
        return
      }
      showStoredImage(data)
    }
    void downloadImage(path)
    return () => {
      ignore = true
    }
  }, [supabase, path, showStoredImage])

  async function handleFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    // Clearing the input lets the same file be picked again after a failed upload.
    event.target.value = ''
    if (!file) return
    if (!file.type.startsWith('image/')) {
      setError('Choose an image file (PNG, JPEG, GIF or WebP).')
      return
    }

    setError(null)
    showPendingImage(file) // the preview appears while the upload runs
    const filePath = avatarFilePath(userId, file)
    const { error: uploadError } = await supabase.storage.from('avatars').upload(filePath, file)
    if (uploadError) {
      showPendingImage(null)
      setError(`Your photo was not uploaded: ${describeStorageError(uploadError)}`)
      return
    }
    uploadedPath.current = filePath
    showStoredImage(file)
    showPendingImage(null)
    await onUploaded(filePath)
  }

  const uploading = pendingImage !== null
  const shown = pendingImage ?? storedImage ?? externalImage
  return (
    <div className="avatar">
      {shown ? (
        // Some providers refuse image requests that carry another site's referrer.
        <img src={shown} alt="Your avatar" width={size} height={size} referrerPolicy="no-referrer" />
      ) : (
        <div
          className="avatar-empty"
          role="img"
          aria-label="No avatar yet"
          style={{ width: size, height: size }}
        />
      )}
      <label htmlFor="avatar-file" className="button">
        Upload a photo
      </label>
      <input
        id="avatar-file"
        className="visually-hidden"
        type="file"
        accept="image/*"
        disabled={uploading}
        onChange={handleFileChosen}
      />
      {uploading && <p role="status">Uploading…</p>}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </div>
  )
}
