// Why no derivative could be made. Both are outcomes to record, not reasons to retry: the same file fails the same
// way again, and a missing tool stays missing until an operator installs it.

/** The file could not be decoded (corrupt, truncated, too many pixels, protected, took too long). */
export class UnreadableMedia extends Error {}

/** A program the kind of file needs (ffmpeg, pdftoppm) is not installed. */
export class MediaToolUnavailable extends Error {}
