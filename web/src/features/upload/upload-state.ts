// The rows of the upload dialog: one per dropped file, with its label, progress and outcome (spec 1 §4 Upload).
export type UploadStatus = "waiting" | "uploading" | "done" | "cancelled" | "failed";

export type UploadRow = {
  id: string;
  file: File;
  label: string;
  status: UploadStatus;
  /** 0–100, whole numbers. */
  percent: number;
  /** The server's message when the upload failed (413 size or quota, ...). */
  error: string | null;
};

export type UploadAction =
  | { type: "add"; files: File[]; makeId: () => string }
  | { type: "remove"; id: string }
  | { type: "label"; id: string; label: string }
  | { type: "start"; id: string }
  | { type: "progress"; id: string; sent: number; total: number }
  | { type: "done"; id: string }
  | { type: "failed"; id: string; error: string }
  | { type: "cancelled"; id: string }
  /** A cancelled row goes back to waiting a moment after the cancel (CANCEL_RESET_MS). */
  | { type: "reset"; id: string };

/** How long a cancelled row shows "cancelled" before it can be sent again. */
export const CANCEL_RESET_MS = 2000;

export function percentOf(sent: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((sent / total) * 100)));
}

function update(rows: UploadRow[], id: string, change: (row: UploadRow) => UploadRow): UploadRow[] {
  return rows.map((row) => (row.id === id ? change(row) : row));
}

export function uploadReducer(rows: UploadRow[], action: UploadAction): UploadRow[] {
  switch (action.type) {
    case "add":
      return [
        ...rows,
        ...action.files.map((file) => ({
          id: action.makeId(),
          file,
          label: file.name,
          status: "waiting" as const,
          percent: 0,
          error: null,
        })),
      ];
    case "remove":
      return rows.filter((row) => row.id !== action.id || row.status === "uploading");
    case "label":
      return update(rows, action.id, (row) => ({ ...row, label: action.label }));
    case "start":
      return update(rows, action.id, (row) => ({ ...row, status: "uploading", percent: 0, error: null }));
    case "progress":
      return update(rows, action.id, (row) =>
        row.status === "uploading" ? { ...row, percent: percentOf(action.sent, action.total) } : row,
      );
    case "done":
      return update(rows, action.id, (row) => ({ ...row, status: "done", percent: 100 }));
    case "failed":
      return update(rows, action.id, (row) => ({ ...row, status: "failed", error: action.error }));
    case "cancelled":
      return update(rows, action.id, (row) => (row.status === "uploading" ? { ...row, status: "cancelled" } : row));
    case "reset":
      return update(rows, action.id, (row) => (row.status === "cancelled" ? { ...row, status: "waiting", percent: 0, error: null } : row));
  }
}

/** Rows still to send: new ones, failed ones (a retry) — never those done or in flight. */
export function pendingRows(rows: readonly UploadRow[]): UploadRow[] {
  return rows.filter((row) => row.status === "waiting" || row.status === "failed");
}
