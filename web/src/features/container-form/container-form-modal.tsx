// The create/edit container dialog the content area opens: full height; editing loads the container afresh.
import { Modal } from "@mantine/core";
import type { Container } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../components/query-status.tsx";
import { type CreateParent, useContainerToEdit } from "./api.ts";
import classes from "./container-form.module.css";
import { ContainerForm } from "./container-form.tsx";

/** Create under `parent` (null: the top level), or edit the container `uuid`. */
export type ContainerFormTarget = { mode: "create"; parent: CreateParent } | { mode: "edit"; uuid: string };

type Props = {
  opened: boolean;
  target: ContainerFormTarget;
  onClose: () => void;
  /** After a successful save; the dialog then closes. Spec 1 §4: refresh the page 500 ms after an update. */
  onSaved: (container: Container, mode: ContainerFormTarget["mode"]) => void;
};

function EditContainer({ uuid, onSaved }: { uuid: string; onSaved: (container: Container) => void }) {
  const container = useContainerToEdit(uuid);
  if (!container.data) return <QueryStatus isLoading={container.isLoading} error={container.error} />;
  return <ContainerForm key={container.data.uuid} mode="edit" container={container.data} onSaved={onSaved} />;
}

export function ContainerFormModal({ opened, target, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const saved = (container: Container) => {
    onSaved(container, target.mode);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={target.mode === "create" ? t("containerForm.createTitle") : t("containerForm.editTitle")}
      size="60rem"
      yOffset="2dvh"
      classNames={{ content: classes.content }}
    >
      {target.mode === "create" ? (
        <ContainerForm mode="create" parent={target.parent} onSaved={saved} />
      ) : (
        <EditContainer uuid={target.uuid} onSaved={saved} />
      )}
    </Modal>
  );
}
