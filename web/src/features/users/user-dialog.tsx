// The create/edit user dialog; `new` in the path creates.
import { Divider, Modal } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { QueryStatus } from "../../components/query-status.tsx";
import { useAuth } from "../auth/auth-context.tsx";
import { useUser } from "./api.ts";
import { SetPasswordForm } from "./set-password-form.tsx";
import { UserForm } from "./user-form.tsx";

type Props = { uuid: string; canEdit: boolean; onClose: () => void };

export function UserDialog({ uuid, canEdit, onClose }: Props) {
  const { t } = useTranslation();
  const isNew = uuid === "new";
  const user = useUser(isNew ? null : uuid);
  // One's own password is changed in My profile, which asks for the current one.
  const isSelf = useAuth().user?.uuid === uuid;
  return (
    <Modal opened onClose={onClose} title={isNew ? t("users.createTitle") : t("users.editTitle")} size="lg">
      {isNew || user.data ? (
        <>
          <UserForm user={user.data ?? null} canEdit={canEdit} onDone={onClose} />
          {user.data && canEdit && !isSelf && (
            <>
              <Divider my="lg" />
              <SetPasswordForm uuid={user.data.uuid} />
            </>
          )}
        </>
      ) : (
        <QueryStatus isLoading={user.isLoading} error={user.error} />
      )}
    </Modal>
  );
}
