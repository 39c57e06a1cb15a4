// The create/edit user dialog; `new` in the path creates.
import { Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../components/query-status.tsx";
import { useUser } from "./api.ts";
import { UserForm } from "./user-form.tsx";

type Props = { uuid: string; canEdit: boolean; onClose: () => void };

export function UserDialog({ uuid, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const isNew = uuid === "new";
  const user = useUser(isNew ? null : uuid);
  return (
    <Modal opened onClose={onClose} title={isNew ? t("users.createTitle") : t("users.editTitle")} size="lg">
      {isNew || user.data ? (
        <UserForm user={user.data ?? null} canEdit={canEdit} onDone={onClose} />
      ) : (
        <QueryStatus isLoading={user.isLoading} error={user.error} />
      )}
    </Modal>
  );
}
