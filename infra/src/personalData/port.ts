/**
 * Personal data is kept erasable by crypto-shredding: personal fields of events are encrypted with a
 * per-user key held here, outside the event store, and deleting the user destroys the key.
 * Unique personal values (username, email) are reserved here by a keyed hash (HMAC), never in clear,
 * so uniqueness and look-ups work without personal data in stream names or events.
 */
export type ReservationKind = 'username' | 'email'

export interface PersonalDataVault {
  /**
   * Encrypts a JSON value for `subjectId`, creating the subject's key on first use. Throws
   * `SubjectErasedError` for an erased subject: nothing personal is stored for it again.
   */
  encrypt(subjectId: string, value: unknown): Promise<string>
  /**
   * Decrypts; answers `{ erased: true }` when the subject's key has been destroyed. Throws on a
   * tampered ciphertext, and `MissingSubjectKeyError` when the vault never had the subject's key.
   */
  decrypt(subjectId: string, ciphertext: string): Promise<{ erased: false; value: unknown } | { erased: true }>
  /**
   * Reserves a unique value (compared case-insensitively, trimmed) for `subjectId`.
   * Answers false when another subject holds it; true when reserved (or already held by this subject).
   * Throws `SubjectErasedError` for an erased subject.
   */
  reserve(kind: ReservationKind, value: string, subjectId: string): Promise<boolean>
  /** Frees a value held by `subjectId` (a no-op otherwise). */
  release(kind: ReservationKind, value: string, subjectId: string): Promise<void>
  /** The subject holding a value, or null. */
  lookup(kind: ReservationKind, value: string): Promise<string | null>
  /** Destroys the subject's key and every reservation it holds. Irreversible. */
  erase(subjectId: string): Promise<void>
  close(): Promise<void>
}
