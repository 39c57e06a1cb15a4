// Create or edit a contact (spec 3 §2, §5): first name, last name and a well-formed e-mail enable Save; organization is
// optional; a malformed e-mail is marked once the field is left. Edit mode offers Delete behind a confirmation.
// Other features open it too (a survey's response list creates a contact from a respondent's details).
import { Alert, Button, Modal, Stack, TextInput } from "@mantine/core";
import { modals } from "@mantine/modals";
import { type Contact, type ContactBody, isContactComplete, isContactEmail, CONTACT_LIMITS as L } from "@repox/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../../api/errors.ts";
import { DialogFooter } from "../../components/dialog-footer.tsx";
import { useFirstFieldFocus } from "../../components/first-field-focus.ts";
import { showError, showSuccess } from "../../components/toast.ts";
import { useDeleteContact, useSaveContact } from "./api.ts";

type Fields = { firstName: string; lastName: string; email: string; organization: string };

type Props = {
  /** The contact to edit; null creates one. */
  contact: Contact | null;
  /** What a new contact starts with (a respondent's details). */
  initialValues?: Partial<Fields>;
  /** Whether the user may change contacts (repox.surveys.edit); without it the fields are read-only. */
  canEdit?: boolean;
  onClose: () => void;
  onSaved?: (contact: Contact) => void;
  onDeleted?: (uuid: string) => void;
};

export function ContactModal({ contact, initialValues, canEdit = true, onClose, onSaved, onDeleted }: Props) {
  const { t } = useTranslation();
  const save = useSaveContact();
  const remove = useDeleteContact();
  const [fields, setFields] = useState<Fields>({
    firstName: contact?.firstName ?? initialValues?.firstName ?? "",
    lastName: contact?.lastName ?? initialValues?.lastName ?? "",
    email: contact?.email ?? initialValues?.email ?? "",
    organization: contact?.organization ?? initialValues?.organization ?? "",
  });
  const [emailLeft, setEmailLeft] = useState(false);
  const focusRef = useFirstFieldFocus();

  const emailMalformed = fields.email.trim() !== "" && !isContactEmail(fields.email.trim());
  const set = (name: keyof Fields) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!isContactComplete(fields)) return;
    const body: ContactBody = {
      firstName: fields.firstName.trim(),
      lastName: fields.lastName.trim(),
      email: fields.email.trim(),
      organization: fields.organization.trim(),
    };
    save.mutate(contact ? { key: contact.uuid, body } : { key: null, body }, {
      onSuccess: (saved) => {
        showSuccess(t(contact ? "contacts.savedToast" : "contacts.addedToast"));
        onSaved?.(saved);
        onClose();
      },
    });
  };

  const confirmDelete = (target: Contact) =>
    modals.openConfirmModal({
      title: t("contacts.deleteTitle"),
      children: t("contacts.confirmDeleteOne", { name: `${target.firstName} ${target.lastName}`, email: target.email }),
      labels: { confirm: t("common.delete"), cancel: t("common.cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(target.uuid, {
          onSuccess: () => {
            showSuccess(t("contacts.deletedToast", { count: 1 }));
            onDeleted?.(target.uuid);
            onClose();
          },
          onError: (error) => showError(errorText(error)),
        }),
    });

  return (
    <Modal opened onClose={onClose} title={t(!contact ? "contacts.createTitle" : canEdit ? "contacts.editTitle" : "contacts.viewTitle")}>
      <form noValidate onSubmit={submit} ref={focusRef}>
        <Stack>
          {save.error ? <Alert color="red">{errorText(save.error)}</Alert> : null}
          <TextInput
            label={t("contacts.firstName")}
            withAsterisk
            readOnly={!canEdit}
            maxLength={L.nameMaxLength}
            value={fields.firstName}
            onChange={set("firstName")}
          />
          <TextInput
            label={t("contacts.lastName")}
            withAsterisk
            readOnly={!canEdit}
            maxLength={L.nameMaxLength}
            value={fields.lastName}
            onChange={set("lastName")}
          />
          <TextInput
            type="email"
            label={t("contacts.email")}
            withAsterisk
            readOnly={!canEdit}
            maxLength={L.emailMaxLength}
            value={fields.email}
            onChange={set("email")}
            onBlur={() => setEmailLeft(true)}
            error={emailLeft && emailMalformed ? t("common.invalidEmail") : null}
          />
          <TextInput
            label={t("contacts.organization")}
            readOnly={!canEdit}
            maxLength={L.organizationMaxLength}
            value={fields.organization}
            onChange={set("organization")}
          />
          {canEdit && (
            <DialogFooter spread={contact !== null}>
              {contact && (
                <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => confirmDelete(contact)}>
                  {t("common.delete")}
                </Button>
              )}
              <Button type="submit" loading={save.isPending} disabled={!isContactComplete(fields)}>
                {t("common.save")}
              </Button>
            </DialogFooter>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
