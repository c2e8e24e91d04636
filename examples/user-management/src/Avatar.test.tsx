import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { empty, json, jsonBody, type FakePlatform } from '../test/fake-platform'
import { liveObjectUrls } from '../test/object-urls'
import { ada, storagePolicyRefusal } from '../test/platform-answers'
import { platformWithUser, renderSignedIn } from '../test/render-app'

let platform: FakePlatform

afterEach(() => {
  expect(platform.unanswered).toEqual([])
})

const photo = () => new File(['png bytes of ada'], 'Ada Portrait.PNG', { type: 'image/png' })

async function openProfile(avatarUrl: string | null, options: { applyAccept?: boolean } = {}) {
  platform = platformWithUser(ada, { avatar_url: avatarUrl })
  const user = userEvent.setup(options)
  const view = renderSignedIn(platform, ada)
  await screen.findByRole('button', { name: 'Save profile' })
  return { user, ...view }
}

/** The blob behind the image on screen. */
async function shownImage(): Promise<string> {
  const image = await screen.findByRole<HTMLImageElement>('img', { name: 'Your avatar' })
  const blob = liveObjectUrls.get(image.getAttribute('src') ?? '')
  if (blob === undefined) throw new Error('the avatar is not an object URL that is still alive')
  return blob.text()
}

describe('Avatar', () => {
  it('downloads and shows the saved avatar', async () => {
    platform = platformWithUser(ada, { avatar_url: `${ada.id}/old.png` })
    platform.on(
      'GET',
      `/storage/v1/object/avatars/${ada.id}/old.png`,
      () => new Response('old avatar bytes', { headers: { 'content-type': 'image/png' } }),
    )
    renderSignedIn(platform, ada)

    expect(await shownImage()).toBe('old avatar bytes')
  })

  it("shows a social provider's picture from its own URL instead of downloading it", async () => {
    const picture = 'https://avatars.githubusercontent.com/u/583231?v=4'
    await openProfile(picture)

    const image = await screen.findByRole<HTMLImageElement>('img', { name: 'Your avatar' })
    expect(image.getAttribute('src')).toBe(picture)
    expect(platform.requestsTo('GET', '/storage/v1/object/*')).toEqual([])
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('replaces a provider picture with an uploaded photo', async () => {
    const { user } = await openProfile('https://lh3.googleusercontent.com/a/ada-photo=s96-c')
    platform
      .on('POST', '/storage/v1/object/avatars/*', () =>
        json(200, { Key: 'avatars/x', Id: 'b1d6c1c2-0000-4000-8000-000000000003' }),
      )
      .on('POST', '/rest/v1/profiles', () => empty(201))

    await user.upload(screen.getByLabelText('Upload a photo'), photo())

    await waitFor(() => expect(platform.requestsTo('POST', '/rest/v1/profiles')).toHaveLength(1))
    expect(await shownImage()).toBe('png bytes of ada')
  })

  it('previews the photo while it uploads, then saves its path to the profile', async () => {
    const { user } = await openProfile(null)
    let finishUpload: (response: Response) => void = () => {}
    platform
      .on('POST', `/storage/v1/object/avatars/*`, () => new Promise((done) => (finishUpload = done)))
      .on('POST', '/rest/v1/profiles', () => empty(201))

    await user.upload(screen.getByLabelText('Upload a photo'), photo())

    // Shown before the upload has finished.
    expect(await shownImage()).toBe('png bytes of ada')
    expect(screen.getByRole('status').textContent).toBe('Uploading…')

    const [upload] = platform.requestsTo('POST', '/storage/v1/object/avatars/*')
    const path = decodeURIComponent(upload?.url.pathname ?? '').replace('/storage/v1/object/avatars/', '')
    expect(path).toMatch(new RegExp(`^${ada.id}/[a-z0-9]+-[a-z0-9]+\\.png$`))
    const form = upload?.body
    expect(form).toBeInstanceOf(FormData)
    expect(await ((form as FormData).get('') as File).text()).toBe('png bytes of ada')

    finishUpload(json(200, { Key: `avatars/${path}`, Id: 'b1d6c1c2-0000-4000-8000-000000000002' }))

    await waitFor(() => expect(platform.requestsTo('POST', '/rest/v1/profiles')).toHaveLength(1))
    expect(jsonBody(platform.requestsTo('POST', '/rest/v1/profiles')[0])).toMatchObject({
      id: ada.id,
      avatar_url: path,
    })
    await waitFor(() => expect(screen.queryByText('Uploading…')).toBeNull())
    expect(await shownImage()).toBe('png bytes of ada')
    // The photo came from the disk, so it is not downloaded again.
    expect(platform.requestsTo('GET', '/storage/v1/object/*')).toEqual([])
  })

  it('explains a refused upload and goes back to the previous picture', async () => {
    const { user } = await openProfile(null)
    platform.on('POST', '/storage/v1/object/avatars/*', () => json(400, storagePolicyRefusal))

    await user.upload(screen.getByLabelText('Upload a photo'), photo())

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your photo was not uploaded: The storage policies do not allow this. Sign in again and retry.',
    )
    expect(screen.getByRole('img', { name: 'No avatar yet' })).toBeTruthy()
    expect(platform.requestsTo('POST', '/rest/v1/profiles')).toEqual([])
    // The preview's object URL was released.
    expect(liveObjectUrls.size).toBe(0)
  })

  it('refuses a file that is not an image without sending it', async () => {
    const { user } = await openProfile(null, { applyAccept: false })
    const notes = new File(['hello'], 'notes.txt', { type: 'text/plain' })

    await user.upload(screen.getByLabelText('Upload a photo'), notes)

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Choose an image file (PNG, JPEG, GIF or WebP).',
    )
    expect(platform.requestsTo('POST', '/storage/v1/object/*')).toEqual([])
  })

  it('says when the saved avatar is missing from storage', async () => {
    platform = platformWithUser(ada, { avatar_url: `${ada.id}/gone.png` })
    platform.on('GET', `/storage/v1/object/avatars/${ada.id}/gone.png`, () =>
      json(400, { statusCode: '404', error: 'not_found', message: 'Object not found' }),
    )
    renderSignedIn(platform, ada)

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your photo could not be shown: The image was not found. Upload a new one.',
    )
  })

  it('releases every object URL when it goes away', async () => {
    platform = platformWithUser(ada, { avatar_url: `${ada.id}/old.png` })
    platform.on('GET', `/storage/v1/object/avatars/${ada.id}/old.png`, () => new Response('x'))
    const { unmount } = renderSignedIn(platform, ada)
    await shownImage()

    unmount()
    expect(liveObjectUrls.size).toBe(0)
  })
})
