/** An object read back from a store: its bytes as a stream, with the size and type it was stored with. */
export interface StoredObject {
  body: NodeJS.ReadableStream;
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
  /** removing an absent key is not an error */
  remove(key: string): Promise<void>;
}
