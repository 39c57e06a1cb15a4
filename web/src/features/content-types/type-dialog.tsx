// The type editor as a full-height modal over the list; a created type stays open under its own code.
import { Modal } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { QueryStatus } from "../../components/query-status.tsx";
import { type TypeDetail, useType } from "./api.ts";
import classes from "./type-dialog.module.css";
import { TypeEditor } from "./type-editor.tsx";
import { type TypeKind, typeRoute } from "./type-kinds.ts";

/** `code` null creates a type. */
type Props = { kind: TypeKind; code: string | null; canEdit: boolean; onClose: () => void };

export function TypeDialog({ kind, code, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const type = useType(kind, code);
  // Escape cancels a keyboard drag; it must not close the editor at the same time.
  const [isDragging, setDragging] = useState(false);
  const showCreated = (created: TypeDetail) => navigate(typeRoute(kind, created.code), { replace: true });

  return (
    <Modal
      opened
      onClose={onClose}
      title={code === null ? t(`contentTypes.${kind}.createTitle`) : t(`contentTypes.${kind}.editTitle`)}
      size="72rem"
      yOffset="2dvh"
      closeOnEscape={!isDragging}
      classNames={{ content: classes.content }}
    >
      {code === null || type.data ? (
        <TypeEditor
          key={type.data?.id ?? "new"}
          kind={kind}
          type={type.data ?? null}
          canEdit={canEdit}
          onCreated={showCreated}
          onDeleted={onClose}
          onDraggingChange={setDragging}
        />
      ) : (
        <QueryStatus isLoading={type.isLoading} error={type.error} />
      )}
    </Modal>
  );
}
