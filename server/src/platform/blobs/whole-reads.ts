// Kept apart so that worker threads can import it: in tests they run from the sources under Node's type stripping,
// which cannot load modules with parameter properties (errors.ts, say).

/**
 * Files up to this size are read whole by exports (`BlobStore.readWholeBlob`), and only for them does the store keep a
 * CRC-32: larger files are streamed and checksummed as they go.
 */
export const WHOLE_READ_MAX_BYTES = 1024 * 1024;
