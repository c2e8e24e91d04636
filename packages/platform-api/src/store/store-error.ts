/** The database could not be opened, migrated or reached; the message says which and where. */
export class StoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'StoreError'
  }
}
