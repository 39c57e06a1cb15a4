// The seams of My Content: dialogs other areas bring (upload, import, export, print preview, the file preview and
// the datastream editor). An area plugs in by adding its component here; the matching action appears in the toolbar,
// the context menu and the plus button only once it is registered, so no action leads nowhere. Each dialog's code is
// fetched when it first opens, so the editors, pdf.js and spreadsheet code stay out of the content list's first load.
import type { ContentNode, DatastreamSummary } from "@repox/contracts";
import type { ComponentType } from "react";
import { lazyComponent } from "../../components/lazy-component.tsx";

/** A container the dialog works on: its uuid, label and type code (acceptance lists hang on the type). */
export type ContainerTarget = ContentNode & { typeCode: string };

export type ContentExtensions = {
  /** Upload datastreams into `container` (spec 1 §2 "datastream upload"). */
  upload?: ComponentType<{ container: ContainerTarget; onClose: () => void }>;
  /** Import containers from a spreadsheet into `container` (null: the top level). */
  import?: ComponentType<{ container: ContainerTarget | null; onClose: () => void }>;
  /** Export the chosen containers and datastreams. */
  export?: ComponentType<{ containers: ContentNode[]; datastreams: ContentNode[]; onClose: () => void }>;
  printPreview?: ComponentType<{ container: ContainerTarget; onClose: () => void }>;
  /** The file preview over a container, opened by `?datastream={uuid}`. */
  datastreamPreview?: ComponentType<{ containerUuid: string; datastreamUuid: string; onClose: () => void }>;
  /** The datastream edit dialog (label, type properties). */
  datastreamEdit?: ComponentType<{ datastream: DatastreamSummary; containerUuid: string; onClose: () => void }>;
};

export const contentExtensions: ContentExtensions = {
  upload: lazyComponent(() => import("../upload/upload-modal.tsx").then((m) => m.UploadModal)),
  import: lazyComponent(() => import("../content-import/import-wizard.tsx").then((m) => m.ImportWizard)),
  export: lazyComponent(() => import("../content-export/export-dialog.tsx").then((m) => m.ExportDialog)),
  printPreview: lazyComponent(() => import("../print-preview/print-preview-modal.tsx").then((m) => m.PrintPreviewModal)),
  datastreamPreview: lazyComponent(() => import("../file-preview/file-preview-modal.tsx").then((m) => m.FilePreviewModal)),
  datastreamEdit: lazyComponent(() => import("../file-preview/datastream-edit-modal.tsx").then((m) => m.DatastreamEditModal)),
};
