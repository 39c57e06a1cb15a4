// The create/edit property modal.
import { Modal } from "@mantine/core";
import type { Property } from "@repox/contracts";
import { useTranslation } from "react-i18next";
import { PropertyForm } from "./property-form.tsx";

type Props = { property: Property | null; canEdit: boolean; onClose: () => void };

export function PropertyDialog({ property, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      title={property ? t("contentModel.properties.editTitle") : t("contentModel.properties.createTitle")}
      size="xl"
    >
      <PropertyForm property={property} canEdit={canEdit} onDone={onClose} />
    </Modal>
  );
}
