// Stage two sends big selections in batches small enough for one request (count and bytes), one after another,
// and sums the answers up: each batch is saved in its own transaction, row by row (valid rows saved, others listed).
import { VOCABULARY_LIMITS as L, type TermImportBody, type TermImportResult } from "@repox/contracts";

type ImportItem = TermImportBody["data"][number];

/** Half the request limit: room for JSON punctuation and the body around the items. */
const BATCH_MAX_BYTES = L.importMaxBytes / 2;

export function batchesOf(items: readonly ImportItem[], maxItems: number = L.importBatchTerms, maxBytes = BATCH_MAX_BYTES): ImportItem[][] {
  const encoder = new TextEncoder();
  const batches: ImportItem[][] = [];
  let current: ImportItem[] = [];
  let bytes = 0;
  for (const item of items) {
    const size = encoder.encode(JSON.stringify(item)).length + 1;
    if (current.length > 0 && (current.length === maxItems || bytes + size > maxBytes)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(item);
    bytes += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

export async function importInBatches(
  items: readonly ImportItem[],
  send: (batch: ImportItem[]) => Promise<TermImportResult>,
): Promise<TermImportResult> {
  const total: TermImportResult = { valid: true, imported: 0, errors: [] };
  for (const batch of batchesOf(items)) {
    const result = await send(batch);
    total.valid &&= result.valid;
    total.imported += result.imported;
    total.errors.push(...result.errors);
  }
  return total;
}
