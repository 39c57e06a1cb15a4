// The generic icon of a file by its MIME type, shown until its thumbnail is ready and when there is none.
import {
  IconFile,
  IconFileSpreadsheet,
  IconFileText,
  IconFileTypeDoc,
  IconFileTypePdf,
  IconFileZip,
  IconMusic,
  IconPhoto,
  IconVideo,
} from "@tabler/icons-react";

const BY_PATTERN: [RegExp, typeof IconFile][] = [
  [/^image\//, IconPhoto],
  [/^video\//, IconVideo],
  [/^audio\//, IconMusic],
  [/pdf$/, IconFileTypePdf],
  [/(spreadsheet|excel|csv)/, IconFileSpreadsheet],
  [/(wordprocessing|msword|opendocument\.text|rtf)/, IconFileTypeDoc],
  [/(zip|gzip|tar|compressed|7z|rar)/, IconFileZip],
  [/^text\/|json$|xml$/, IconFileText],
];

export function MimeIcon({ mimeType, size }: { mimeType: string; size: number }) {
  const Icon = BY_PATTERN.find(([pattern]) => pattern.test(mimeType.toLowerCase()))?.[1] ?? IconFile;
  return <Icon size={size} stroke={1.4} aria-hidden />;
}
