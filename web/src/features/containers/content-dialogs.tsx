// The dialogs of the content area, one open at a time: any action anywhere on the page opens one through
// `useOpenContentDialog()`; the seams of extensions.ts render their registered component.
import type { ContentNode, DatastreamSummary } from "@repox/contracts";
import { createContext, type ReactNode, useContext, useState } from "react";
import { useInvalidation } from "../../api/entity-mutations.ts";
import { queryKeys } from "../../api/query-keys.ts";
import { lazyComponent } from "../../components/lazy-component.tsx";
import type { ContainerFormTarget } from "../container-form/container-form-modal.tsx";
import type { PickerMode, PickerSubject } from "../destination-picker/destination-rules.ts";
import type { ItemRef } from "./api.ts";
import { BulkColorModal, BulkMoveLinkDialog, type BulkSubjects, BulkTagModal } from "./bulk-dialogs.tsx";
import { ColorModal } from "./color-modal.tsx";
import { type ContainerTarget, contentExtensions } from "./extensions.ts";
import { MoveLinkDialog } from "./move-link-dialog.tsx";
import { RenameModal } from "./rename-modal.tsx";
import { ReportModal } from "./report-modal.tsx";

export type ContentDialog =
  | { kind: "containerForm"; target: ContainerFormTarget }
  | { kind: "rename"; item: ItemRef & { label: string } }
  | { kind: "color"; container: { uuid: string; color: string | null } }
  | { kind: "picker"; mode: PickerMode; subject: PickerSubject & { from: string } }
  | { kind: "bulkPicker"; mode: PickerMode; subjects: BulkSubjects }
  | { kind: "bulkColor"; subjects: BulkSubjects }
  | { kind: "bulkTag"; subjects: BulkSubjects }
  | { kind: "report"; container: ContentNode }
  | { kind: "upload"; container: ContainerTarget }
  | { kind: "import"; container: ContainerTarget | null }
  | { kind: "export"; containers: ContentNode[]; datastreams: ContentNode[] }
  | { kind: "printPreview"; container: ContainerTarget }
  | { kind: "datastreamEdit"; datastream: DatastreamSummary; containerUuid: string };

/** Spec 1 §4: after a container update, the page refresh waits this long. */
const CONTAINER_REFRESH_DELAY_MS = 500;

// The form brings the rich-text editor and the map: fetched when it first opens.
const ContainerFormModal = lazyComponent(() => import("../container-form/container-form-modal.tsx").then((m) => m.ContainerFormModal));

const OpenDialogContext = createContext<(dialog: ContentDialog) => void>(() => undefined);

export function useOpenContentDialog() {
  return useContext(OpenDialogContext);
}

function DialogView({ dialog, onClose }: { dialog: ContentDialog; onClose: () => void }) {
  const refresh = useInvalidation([queryKeys.containers]);
  const { upload: Upload, import: Import, export: Export, printPreview: PrintPreview, datastreamEdit: DatastreamEdit } = contentExtensions;
  switch (dialog.kind) {
    case "containerForm":
      return (
        <ContainerFormModal
          opened
          target={dialog.target}
          onClose={onClose}
          onSaved={(_container, mode) => (mode === "edit" ? setTimeout(refresh, CONTAINER_REFRESH_DELAY_MS) : refresh())}
        />
      );
    case "rename":
      return <RenameModal item={dialog.item} onClose={onClose} />;
    case "color":
      return <ColorModal container={dialog.container} onClose={onClose} />;
    case "picker":
      return <MoveLinkDialog mode={dialog.mode} subject={dialog.subject} onClose={onClose} />;
    case "bulkPicker":
      return <BulkMoveLinkDialog mode={dialog.mode} subjects={dialog.subjects} onClose={onClose} />;
    case "bulkColor":
      return <BulkColorModal subjects={dialog.subjects} onClose={onClose} />;
    case "bulkTag":
      return <BulkTagModal subjects={dialog.subjects} onClose={onClose} />;
    case "report":
      return <ReportModal container={dialog.container} onClose={onClose} />;
    case "upload":
      return Upload ? <Upload container={dialog.container} onClose={onClose} /> : null;
    case "import":
      return Import ? <Import container={dialog.container} onClose={onClose} /> : null;
    case "export":
      return Export ? <Export containers={dialog.containers} datastreams={dialog.datastreams} onClose={onClose} /> : null;
    case "printPreview":
      return PrintPreview ? <PrintPreview container={dialog.container} onClose={onClose} /> : null;
    case "datastreamEdit":
      return DatastreamEdit ? (
        <DatastreamEdit datastream={dialog.datastream} containerUuid={dialog.containerUuid} onClose={onClose} />
      ) : null;
  }
}

export function ContentDialogs({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<ContentDialog | null>(null);
  return (
    <OpenDialogContext value={setDialog}>
      {children}
      {dialog && <DialogView dialog={dialog} onClose={() => setDialog(null)} />}
    </OpenDialogContext>
  );
}
