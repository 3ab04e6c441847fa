/** An object read back from a store: its bytes as a stream, with the size and type it was stored with. */
export interface StoredObject {
  body: NodeJS.ReadableStream;
  /** the bytes themselves, when the store already holds them in memory (then answered with one write) */
  bytes?: Buffer;
  size: number;
  contentType: string;
}

/** Where the portal keeps uploaded files (pictures, product images, header images). */
export interface ObjectStore {
  /** ensures the bucket/folder exists */
  ready(): Promise<void>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when the key is absent */
  get(key: string): Promise<StoredObject | null>;
  /** whether the key names an object, without reading it (a revalidation checks the name still stands) */
  exists(key: string): Promise<boolean>;
  /** removing an absent key is not an error */
  remove(key: string): Promise<void>;
  /** the keys under a folder (`prefix` ends with '/'), in no particular order; [] when there are none */
  list(prefix: string): Promise<string[]>;
  /** removes every object under a folder (`prefix` ends with '/'); answers how many were removed */
  removePrefix(prefix: string): Promise<number>;
  /**
   * A URL that downloads the object straight from the store for `ttlSeconds`, as an attachment named
   * `downloadName`. Only stores that can sign URLs themselves have it (S3); for the others the service signs
   * a route of its own (see createDownloadTokens).
   */
  presignedGet?(key: string, ttlSeconds: number, downloadName: string): Promise<string>;
}
